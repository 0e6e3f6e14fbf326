#!/usr/bin/env bash
# CLI tests: file errors, game strings on every subcommand, bad numbers and names on the command
# line, where `play` saves (--save checked at start, resume saves back, Ctrl-C saves), the rules
# page rendered for a terminal, errors that say what would be right, and grammar.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# --- unreadable files: one line and exit 1, never an abort --------------------------------------
mkdir -p adir
expect_error "replay of a directory" "^cardroom: cannot read 'adir': Is a directory$" \
  "$CARDROOM" replay adir
expect_error "replay --json of a directory" "Is a directory" "$CARDROOM" replay adir --json
expect_error "play --resume of a directory" "^cardroom: cannot read 'adir': Is a directory$" \
  "$CARDROOM" play reds --resume adir
expect_error "play --resume of a missing file" "^cardroom: cannot read 'nope.json': No such file" \
  "$CARDROOM" play --resume nope.json
printf 'not json' >bad.json
expect_error "replay of a file that is not JSON" "'bad.json' is not valid JSON" \
  "$CARDROOM" replay bad.json
echo '{"game": "reds", "moves": [[0, "play ZZ"]]}' >illegal.json
expect_error "replay of a record with a bad move names the file and the move" \
  "^cardroom: 'illegal.json': move 0" "$CARDROOM" replay illegal.json

# --- game strings work in every subcommand --------------------------------------------------------
out=$(printf 'quit\n' | "$CARDROOM" play 'reds(players=6,partnership=true)' --seed 4 --save gs.json)
check "play takes a game string" \
  grep -q '^Reds: reds(players=6,partnership=true,' <<<"$out"
check "play with a game string: the record keeps the options" \
  test "$(json_get gs.json 'd["options"]["players"], d["options"]["partnership"]')" = "6 True"
out=$(printf 'quit\n' | "$CARDROOM" play 'reds(players=3)' hidden_bids=true --seed 4 --save gs2.json)
check "play: a game string and key=value words together" \
  grep -q '^Reds: reds(players=3,partnership=false,hidden_bids=true' <<<"$out"
expect_error "play: an option both in the game string and as a word" "given twice" \
  "$CARDROOM" play 'reds(players=6)' players=5
expect_error "play: an option both in the game string and --players" "given twice" \
  "$CARDROOM" play 'reds(players=6)' --players 5
"$CARDROOM" sim 'reds(players=3)' --games 2 --bots random --json >gs_sim.json 2>/dev/null
check "sim takes a game string" \
  test "$(json_get gs_sim.json 'd["game"]')" = "reds(players=3,partnership=false,hidden_bids=false,short_game=false,anti_trump_lead=drop)"
out=$("$CARDROOM" rules 'reds(players=6,partnership=true)')
check "rules takes a game string and shows its values" \
  bash -c "grep -A1 '^This table:' | grep -q 'reds(players=6,partnership=true'" <<<"$out"
expect_error "rules: a bad option in the game string" "players" "$CARDROOM" rules 'reds(players=9)'
expect_error "rules of an unknown game" "^cardroom: unknown game 'nosuchgame'" \
  "$CARDROOM" rules nosuchgame

# --- numbers and names on the command line --------------------------------------------------------
for bad in -1 abc 1.5 18446744073709551616; do
  expect_error "play --seed $bad is refused" \
    "^cardroom: --seed must be a whole number from 0 to 18446744073709551615, not '$bad'$" \
    "$CARDROOM" play reds --seed "$bad"
done
expect_error "sim --seed -1 is refused" "^cardroom: --seed must be a whole number" \
  "$CARDROOM" sim reds --seed -1 --games 1
out=$(printf 'quit\n' | "$CARDROOM" play reds --seed 18446744073709551615 --save big.json)
check "play --seed 18446744073709551615 (the largest) is taken" grep -q '^Seed 18446744073709551615' <<<"$out"
for bad in 0 -5 abc 1e3; do
  expect_error "sim --games $bad is refused" \
    "^cardroom: --games must be a whole number from 1 to 1000000000, not '$bad'$" \
    "$CARDROOM" sim reds --games "$bad"
done
expect_error "bench --games 0 is refused" "^cardroom: --games must be a whole number from 1 to" \
  "$CARDROOM" bench --games 0
expect_error "an unknown subcommand names itself" "^cardroom: unknown command 'frobnicate'" \
  "$CARDROOM" frobnicate
expect_error "no command: names the commands" "^cardroom: which command\? \(list, rules, play" "$CARDROOM"
expect_error "play --players 0 is refused, not ignored" "players" "$CARDROOM" play reds --players 0
expect_error "play --players -1 is refused, not ignored" "players" "$CARDROOM" play reds --players -1
"$CARDROOM" sim reds --games 3 --bots random >/dev/null 2>sim_err.txt
check "sim: no progress line when stderr is not a terminal" test ! -s sim_err.txt
if command -v script >/dev/null 2>&1; then
  script -qec "$CARDROOM sim reds --games 3 --bots random" /dev/null >sim_tty.txt 2>&1
  check "sim: a progress line on a terminal" grep -q '3/3 matches' sim_tty.txt
fi

# --- where play saves -------------------------------------------------------------------------------
expect_error "--save into a missing folder is refused at start" \
  "^cardroom: cannot write 'nofolder/x.json': No such file or directory$" \
  "$CARDROOM" play reds --seed 3 --save nofolder/x.json
expect_error "--save naming a directory is refused at start" "^cardroom: cannot write 'adir': Is a directory$" \
  "$CARDROOM" play reds --seed 3 --save adir
# A resumed record that cannot be written back (its .tmp sibling is a directory): say so and how
# to save elsewhere; --save elsewhere plays.
printf 'quit\n' | "$CARDROOM" play reds --seed 3 --save ro.json >/dev/null
mkdir ro.json.tmp
expect_error "resume of a record that cannot be saved back: suggests --save" \
  "^cardroom: cannot write 'ro.json': .* \(choose where to save with --save PATH\)$" \
  "$CARDROOM" play --resume ro.json
out=$(printf 'quit\n' | "$CARDROOM" play --resume ro.json --save ro2.json)
check "resume of a record that cannot be saved back: --save elsewhere works" \
  grep -q "^Game saved to ro2.json" <<<"$out"
check "--save refused: nothing left behind" test ! -e nofolder -a -z "$(ls adir)"

# A save that fails at quit (the save path became a directory during the game): the game is not
# lost and no .tmp is left; saving elsewhere then quitting works.
check "a failed save at quit leaves no .tmp and the game goes on" python3 - "$CARDROOM" <<'PY'
import os, subprocess, sys
p = subprocess.Popen([sys.argv[1], "play", "reds", "--seed", "9", "--save", "late.json"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def until(prefix):
    for line in p.stdout:
        if line.startswith(prefix):
            return line
    raise SystemExit("no line starting " + prefix)
until("moves:")
os.makedirs("late.json/inner")
p.stdin.write("quit\n"); p.stdin.flush()
err = until("error:")
assert "cannot write 'late.json'" in err, err
assert not os.path.exists("late.json.tmp"), "stray .tmp"
p.stdin.write("save other.json\nquit\n"); p.stdin.close()
rest = p.stdout.read()
assert p.wait() == 0
assert "Game saved to other.json" in rest, rest
assert "--resume other.json" in rest, rest
assert os.path.getsize("other.json") > 0
PY

# At end of input a failed save is rescued to the default name, and says so.
check "a failed save at end of input goes to the default name instead" python3 - "$CARDROOM" <<'PY'
import json, os, subprocess, sys
p = subprocess.Popen([sys.argv[1], "play", "reds", "--seed", "10", "--save", "gone.json"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
for line in p.stdout:
    if line.startswith("moves:"):
        break
os.makedirs("gone.json/inner")
p.stdin.close()
rest = p.stdout.read()
assert p.wait() == 0, p.returncode
assert "error: cannot write 'gone.json'" in rest, rest
assert "The game is saved to cardroom-reds-10.json instead." in rest, rest
assert "--resume cardroom-reds-10.json" in rest, rest
assert json.load(open("cardroom-reds-10.json"))["seed"] == 10
assert not os.path.exists("gone.json.tmp")
PY

# A resumed game saves back to the file it came from.
drive 3 6 quit -- "$CARDROOM" play reds --seed 23 --save back.json >/dev/null
before=$(json_get back.json 'len(d["moves"])')
drive 4 6 eof -- "$CARDROOM" play --resume back.json >back.txt
check "resume without --save: saved back to the resumed file" \
  test "$(json_get back.json 'len(d["moves"])')" -gt "$before"
check "resume without --save: says so" grep -q 'game saved to back.json' back.txt
check "resume without --save: no file of the default name" test ! -e cardroom-reds-23.json

# Ctrl-C saves like quit, at the person's turn and while computers play (--watch).
check "Ctrl-C at the prompt saves the game" python3 - "$CARDROOM" <<'PY'
import json, signal, subprocess, sys
p = subprocess.Popen([sys.argv[1], "play", "reds", "--seed", "12", "--save", "int.json"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
for line in p.stdout:
    if line.startswith("moves:"):
        break
p.send_signal(signal.SIGINT)
rest = p.stdout.read()
assert p.wait() == 0, p.returncode
assert "Interrupted: game saved to int.json" in rest, rest
assert "--resume int.json" in rest, rest
d = json.load(open("int.json"))
assert d["game"] == "reds" and d["seed"] == 12
PY
# Watching on a terminal the computers move at a person's pace, so the game is surely under way.
check "Ctrl-C while the computers play saves the game" python3 - "$CARDROOM" <<'PY'
import json, os, pty, signal, subprocess, sys, time
master, slave = pty.openpty()
p = subprocess.Popen([sys.argv[1], "play", "s48", "--watch", "--seed", "5", "--save", "wint.json"],
                     stdin=slave, stdout=slave, stderr=slave, env={**os.environ, "TERM": "dumb"})
os.close(slave)
def read_all(until=None, seconds=20):
    out, end = b"", time.time() + seconds
    while time.time() < end:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
        if until and until in out:
            break
    return out.decode("utf-8", "replace")
first = read_all(until=b" plays ")
assert " plays " in first, first
p.send_signal(signal.SIGINT)
rest = read_all()
assert p.wait(timeout=20) == 0, p.returncode
assert "Final standings" not in rest, "the game ended: Ctrl-C was not seen"
assert "Interrupted: game saved to wint.json" in rest, rest[-500:]
d = json.load(open("wint.json"))
assert d["game"] == "s48" and 0 < len(d["moves"])
PY

# --- errors that say what would be right -------------------------------------------------------
# S48 seed 1: S2 deals the first round; the bid missing from its list is the hooked one.
hooked=$(printf 'quit\n' | "$CARDROOM" play s48 --seed 1 --seat 2 --save hook.json | python3 -c "
import re, sys
line = next(l for l in sys.stdin if l.startswith('moves:'))
values = [int(v) for v in re.findall(r'bid (\d+)', line)]
print(next(v for v in range(max(values) + 1) if v not in values))")
printf '%s\n' "$hooked" | "$CARDROOM" play s48 --seed 1 --seat 2 --save hook.json >hook.txt 2>&1
check "S48 hook: typing the forbidden bid says it is forbidden" \
  grep -q "^error: the dealer may not bid $hooked: the bids would add up to the 8 tricks of the round" hook.txt
# Reds seed 1: S0 bids, then passes 3 cards in the first round.
printf '0\ngive 2s\n' | "$CARDROOM" play reds --seed 1 --opponents random --save give.json >give.txt 2>&1
check "Reds give of the wrong size: says how many the round passes" \
  grep -qE "^error: this round passes [0-9]+ cards?: give exactly [0-9]+, not 1$" give.txt

# --- grammar -----------------------------------------------------------------------------------
out=$(printf 'quit\n' | "$CARDROOM" play tadmur --seed 3 --save tg.json)
check "one opponent: 'S1 is a heuristic computer player'" \
  grep -q '^You are S0; S1 is a heuristic computer player\.$' <<<"$out"
for g in back_alley truc s48 reds; do
  "$CARDROOM" play $g --watch --seed 3 --save "w_$g.json" </dev/null >"w_$g.txt" 2>&1
done
check "grammar: the watched games were played to the end" \
  test "$(cat w_*.txt | grep -c 'Final standings')" -eq 4
check "grammar: no '1 points', '1 cards' or '-1 points'" \
  bash -c "! grep -hE '(^|[^0-9])-?1 (points|cards)\b' w_*.txt"
check "grammar: a team of two wins, scores, has (not 'S1+S3 wins')" \
  bash -c "! grep -hE 'S[0-9]\+S[0-9] (wins|scores|has) ' w_*.txt"
check "grammar: 'S1+S3 win the hand' is written so" grep -qE 'S[0-9]\+S[0-9] win the hand' w_truc.txt

# --- rules rendered for a terminal -------------------------------------------------------------
"$CARDROOM" rules truc >rules.txt
check "rules through a pipe: no Markdown marks" \
  bash -c "! grep -qE '^#|\`|\*\*|^\|' rules.txt"
check "rules through a pipe: headings underlined" grep -qx -- '----------------------' rules.txt
check "rules through a pipe: a table with aligned columns" grep -qE '^  signal three +I have a 3$' rules.txt
check "rules through a pipe: no escapes" bash -c "! grep -q $'\x1b' rules.txt"
"$CARDROOM" rules truc --markdown >rules.md
check "rules --markdown: the page as written" grep -q '^## The rules in our words' rules.md
if command -v script >/dev/null 2>&1; then
  TERM=xterm script -qec "$CARDROOM rules truc" /dev/null >rules_tty.txt 2>&1
  check "rules on a terminal: bold headings" grep -q $'\x1b\\[1;36mThe rules in our words' rules_tty.txt
fi

finish
