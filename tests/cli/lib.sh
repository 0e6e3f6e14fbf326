# Shared helpers of the CLI tests (tests/cli/*_test.sh, tests/cli_test.sh): source it first.
#
# Sets CARDROOM (the binary), SOURCE_DIR, RECORDS; makes a scratch directory WORK and cd's into it
# (removed on exit); defines pass, failure, check, expect_error, drive (a random player for piped
# games), json_get and finish (prints "N passed, M failed" and exits non-zero on any failure).
CARDROOM=${CARDROOM:-cardroom}
SOURCE_DIR=${SOURCE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
RECORDS="$SOURCE_DIR/tests/records"
CARDROOM=$(command -v "$CARDROOM" || echo "$CARDROOM")

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

passed=0
failed=0
pass() {
  passed=$((passed + 1))
  echo "ok   $1"
}
failure() {
  failed=$((failed + 1))
  echo "FAIL $1"
  [ $# -gt 1 ] && printf '     %s\n' "${@:2}"
}
# check NAME COMMAND...: passes when the command succeeds.
check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else failure "$name"; fi
}

# expect_error NAME PATTERN COMMAND...: exit 1, nothing on stdout, one line on stderr matching
# PATTERN (a grep -E pattern).
expect_error() {
  local name=$1 pattern=$2
  shift 2
  local out err rc
  out=$("$@" </dev/null 2>"$WORK/stderr.txt")
  rc=$?
  err=$(cat "$WORK/stderr.txt")
  if [ $rc -eq 1 ] && [ -z "$out" ] && [ "$(wc -l <"$WORK/stderr.txt")" -eq 1 ] &&
    grep -qE -- "$pattern" <<<"$err"; then
    pass "$name"
  else
    failure "$name" "exit $rc" "stdout: ${out:0:200}" "stderr: ${err:0:300}"
  fi
}

# A player for piped games: reads the output, answers every `moves:` line with a random legal
# move, written as its number or its text in various spellings (lower case, 10 for T, bare cards).
# Usage: driver.py SEED MAX_ANSWERS END -- cardroom play ...
#   END = quit (send "quit" after MAX_ANSWERS), eof (close stdin), none (play to the end).
#   Also sends one piece of garbage and one illegal number first when GARBAGE=1.
cat >"$WORK/driver.py" <<'PY'
import os, random, re, subprocess, sys

seed, max_answers, end = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
cmd = sys.argv[sys.argv.index("--") + 1:]
rng = random.Random(seed)
garbage = os.environ.get("GARBAGE") == "1"
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
answers = 0

def send(text):
    p.stdin.write(text + "\n")
    p.stdin.flush()

def spell(text):
    verb, _, rest = text.partition(" ")
    style = rng.randrange(4)
    if style == 0:
        return text.lower()
    if style == 1:
        return (verb + " " + rest.replace("T", "10")).lower()
    if style == 2 and verb in ("play", "give"):
        return rest.lower()  # a bare card or card list
    return text

for line in p.stdout:
    sys.stdout.write(line)
    if not line.startswith("moves:"):
        continue
    if answers >= max_answers and end != "none":
        if end == "quit":
            send("quit")
        else:
            p.stdin.close()
        answers = -10**9
        continue
    if answers < 0:
        continue
    parts = re.split(r"\s+(\d+)\) ", " " + line[len("moves:"):].rstrip("\n"))
    choices = [(parts[i], parts[i + 1].strip()) for i in range(1, len(parts) - 1, 2)]
    if garbage and answers == 0:
        send("this is not a move")
        send("999")
        garbage = False
        answers += 1
        continue
    label, text = rng.choice(choices)
    send(label if rng.random() < 0.5 else spell(text))
    answers += 1
try:
    p.stdin.close()
except BrokenPipeError:
    pass
sys.exit(p.wait())
PY
drive() { python3 "$WORK/driver.py" "$@"; }

# json_get FILE EXPR: prints a Python expression over the JSON document `d`.
json_get() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }


# finish: the summary line; the script's exit status.
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}
