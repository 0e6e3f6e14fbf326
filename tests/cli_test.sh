#!/usr/bin/env bash
# End-to-end tests of the `cardroom` binary: list, rules, play (piped), replay, sim, bench.
#
# Run by CTest with CARDROOM=<path to the binary> and SOURCE_DIR=<repo root>. Prints one line per
# check and a final "N passed, M failed"; exits non-zero on any failure.
set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli/lib.sh"

# --- list, rules -------------------------------------------------------------------------------
out=$("$CARDROOM" list)
check "list: exit 0" test $? -eq 0
check "list: reds in the first column" grep -qE '^reds([[:space:]]|$)' <<<"$out"

out=$("$CARDROOM" rules reds)
rc=$?
check "rules reds: exit 0 and some text" test $rc -eq 0 -a -n "$out"
check "rules reds: lists the options" grep -q 'players' <<<"$out"
if "$CARDROOM" rules nosuchgame >/dev/null 2>&1; then failure "rules: unknown game fails"; else
  pass "rules: unknown game fails"; fi

# --- play: errors --------------------------------------------------------------------------------
err=$("$CARDROOM" play reds players=9 </dev/null 2>&1 >/dev/null)
rc=$?
check "play reds players=9: non-zero exit" test $rc -ne 0
check "play reds players=9: error names the option" grep -q "players" <<<"$err"
err=$("$CARDROOM" play nosuchgame </dev/null 2>&1 >/dev/null)
rc=$?
check "play unknown game: non-zero exit with a message" test $rc -ne 0 -a -n "$err"
err=$("$CARDROOM" play reds --resume "$WORK/missing.json" </dev/null 2>&1 >/dev/null)
rc=$?
check "play --resume missing file: non-zero exit" test $rc -ne 0
check "play --resume missing file: names the file" grep -q "missing.json" <<<"$err"
echo '{"game": "reds", "moves": [[0, "play ZZ"]]}' >"$WORK/broken.json"
"$CARDROOM" play --resume "$WORK/broken.json" </dev/null >/dev/null 2>&1
check "play --resume with an illegal move in the record: non-zero exit" test $? -ne 0
"$CARDROOM" play reds --seat 4 </dev/null >/dev/null 2>&1
check "play --seat out of range: non-zero exit" test $? -ne 0
"$CARDROOM" play reds --opponents nobody </dev/null >/dev/null 2>&1
check "play --opponents unknown: non-zero exit" test $? -ne 0
err=$("$CARDROOM" play reds --opponents 'heuristic(depth=2)' </dev/null 2>&1 >/dev/null)
rc=$?
check "play --opponents with an unknown option: non-zero exit naming it" \
  test $rc -ne 0 -a -n "$(grep "unknown option 'depth'" <<<"$err")"
"$CARDROOM" play nuts --speed 9 </dev/null >/dev/null 2>&1
check "play --speed out of range: non-zero exit" test $? -ne 0
out=$(cd "$WORK" && printf 'draw\n' | "$CARDROOM" play nuts --seed 3 --speed 5 --ascii --save nuts_speed.json 2>&1)
check "play nuts --speed: the computer plays at speed 5 and the record keeps arrival times" \
  bash -c "grep -q 'heuristic (speed 5)' <<<\"\$0\" && python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))[\"moves\"]; sys.exit(not m or any(len(x) != 3 for x in m))' '$WORK/nuts_speed.json'" "$out"
err=$("$CARDROOM" play reds --opponents 'random,heuristic' </dev/null 2>&1 >/dev/null)
rc=$?
check "play --opponents with two players for three seats: non-zero exit" \
  test $rc -ne 0 -a -n "$(grep "one per computer seat" <<<"$err")"
printf 'quit\n' | "$CARDROOM" play reds --opponents 'random,heuristic,random(pace_ms=10)' \
  --save per_seat.json >/dev/null 2>&1
check "play --opponents with one player per computer seat: exit 0" test $? -eq 0
"$CARDROOM" play reds --watch --seat 1 </dev/null >/dev/null 2>&1
check "play --watch with --seat: non-zero exit" test $? -ne 0
err=$("$CARDROOM" sim reds --games 2 --bots nobody 2>&1 >/dev/null)
rc=$?
check "sim --bots unknown player: non-zero exit naming it" \
  test $rc -ne 0 -a -n "$(grep "unknown player 'nobody'" <<<"$err")"
err=$("$CARDROOM" sim reds --games 2 --bots 'random(pace=3)' 2>&1 >/dev/null)
rc=$?
check "sim --bots with an unknown option: non-zero exit naming it" \
  test $rc -ne 0 -a -n "$(grep "unknown option 'pace'" <<<"$err")"

# --- play: a whole game through a pipe ------------------------------------------------------------
drive 1 100000 none -- "$CARDROOM" play reds --seed 17 --opponents random >full.txt
rc=$?
check "piped game to the end: exit 0" test $rc -eq 0
check "piped game to the end: final standings" grep -q "Final standings" full.txt
check "piped game to the end: record saved (default name)" test -s cardroom-reds-17.json
check "piped game to the end: prints the seed" grep -q "Seed 17" full.txt
check "piped game: no colour escapes" bash -c "! grep -q $'\x1b' full.txt"
check "piped game: ASCII only" bash -c "! LC_ALL=C grep -q '[^[:print:][:space:]]' full.txt"
check "piped game: score sheet after rounds" test "$(grep -c '^Score sheet' full.txt)" -ge 9
"$CARDROOM" replay cardroom-reds-17.json --json >full.json
check "replay --json of the finished game: exit 0" test $? -eq 0
check "replay --json: keys game, over, totals, to_act, legal, rounds" \
  python3 -c "import json; d=json.load(open('full.json')); \
assert all(k in d for k in ('game','over','totals','to_act','legal','rounds')), d.keys(); \
assert d['game']=='reds' and d['over'] is True and len(d['rounds'])>=9 and len(d['totals'])==4"

# Hidden information: in each round, every card printed before it is played must be one the
# person held (dealt or received), passed, or saw turned. Rounds come from the saved record.
check "piped game: no other seat's card shown before it is played" python3 - full.txt full.json 0 <<'PY'
import json, re, sys
text, summary, me = open(sys.argv[1]).read(), json.load(open(sys.argv[2])), int(sys.argv[3])
rounds = summary["rounds"]
n = len(summary["totals"])
segments = re.split(r"^== Round \d+", text, flags=re.M)[1:]
assert len(segments) == len(rounds), (len(segments), len(rounds))
card = re.compile(r"\b[2-9TJQKA][SHDC]\b")
for r, seg in zip(rounds, segments):
    known = set(r["turned"]) | set(r["passed"][me])
    for t in r["tricks"]:
        for i, c in enumerate(t["cards"]):
            if (t["leader"] + i) % n == me:
                known.add(c)
    played = set()
    for line in seg.splitlines():
        m = re.match(r"^S(\d) plays ([2-9TJQKA][SHDC])$", line)
        if m:
            played.add(m.group(2))
            continue
        for c in card.findall(line):
            assert c in known or c in played, f"round {r['round']}: {c} shown early: {line!r}"
        if "your hand" in line.lower() or line.startswith("Your hand"):
            assert set(card.findall(line)) <= known, line
PY
check "piped game: 'your hand' appears only for the player's own hand" \
  test "$(grep -c '^your hand:' full.txt)" -eq "$(json_get full.json 'len(d["rounds"])')"

# Watching: computer players at every seat, the terminal a spectator. Only public events: passes
# show as "has chosen", and no card appears before it is played, except the cards turned up.
"$CARDROOM" play reds --watch --seed 3 --save watch.json </dev/null >watch.txt 2>&1
check "play --watch: plays to the end" test $? -eq 0 -a -n "$(grep 'Final standings' watch.txt)"
check "play --watch: no hand is shown" bash -c "! grep -qi 'hand:' watch.txt"
check "play --watch: passes show only their public half" grep -q 'has chosen cards to pass' watch.txt
check "play --watch: no card shown before it is played or turned" python3 - watch.txt <<'PY'
import re, sys
card = re.compile(r"\b[2-9TJQKA][SHDC]\b")
for seg in re.split(r"^== Round \d+", open(sys.argv[1]).read(), flags=re.M)[1:]:
    seen = set()
    for line in seg.splitlines():
        m = re.match(r"^S\d plays ([2-9TJQKA][SHDC])$", line)
        if m or line.startswith("turned:"):
            seen.update(card.findall(line))
            continue
        for c in card.findall(line):
            assert c in seen, f"{c} shown to a spectator before it was played: {line!r}"
PY

# Same seed, same answers: the same game (heuristic opponents too).
drive 5 40 eof -- "$CARDROOM" play reds --seed 99 --save a.json >a.txt
drive 5 40 eof -- "$CARDROOM" play reds --seed 99 --save b.json >b.txt
check "same seed and input: same output" \
  test "$(sed 's/b\.json/a.json/g' b.txt)" = "$(cat a.txt)"
check "same seed and input: same record" cmp -s a.json b.json

# --- play: end of input, quit, resume -------------------------------------------------------------
drive 2 30 eof -- "$CARDROOM" play reds --seed 23 --opponents random >eof.txt
rc=$?
check "end of input mid-game: exit 0" test $rc -eq 0
check "end of input mid-game: says where it saved" grep -q "saved to cardroom-reds-23.json" eof.txt
check "end of input mid-game: record saved, game not over" \
  test "$("$CARDROOM" replay cardroom-reds-23.json --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["over"])')" = False

drive 3 25 quit -- "$CARDROOM" play reds players=3 --seed 31 --save quit.json >quit.txt
rc=$?
check "quit: exit 0" test $rc -eq 0
check "quit: prints how to resume" grep -q -- "--resume quit.json" quit.txt
cp quit.json quit0.json
"$CARDROOM" replay quit.json --json >before.json
# Resume and quit straight away: the record and state are unchanged.
printf 'quit\n' | "$CARDROOM" play --resume quit.json --save quit.json >resume0.txt
rc=$?
"$CARDROOM" replay quit.json --json >after.json
check "resume then quit: exit 0" test $rc -eq 0
check "resume: says it resumed" grep -q "Resumed after" resume0.txt
check "resume then quit: same state" cmp -s before.json after.json
check "resume then quit: same record" \
  python3 -c "import json; a=json.load(open('quit0.json')); b=json.load(open('quit.json')); assert a==b"
# The table shown on resume is the one shown before quitting.
last_table() { awk '/^Round [0-9]+/{buf=""} {buf=buf $0 "\n"} /^moves:/{last=buf} END{printf "%s", last}' "$1"; }
check "resume: shows the same table and moves as before quitting" \
  test "$(last_table quit.txt)" = "$(last_table resume0.txt)"
# Resume and play on: the old moves are a prefix of the new record.
drive 4 20 eof -- "$CARDROOM" play --resume quit.json --save resumed.json >resume1.txt
check "resume and play on: exit 0" test $? -eq 0
check "resume and play on: the game continued from the saved moves" python3 -c "
import json
a = json.load(open('quit0.json')); b = json.load(open('resumed.json'))
assert len(b['moves']) > len(a['moves']) and b['moves'][:len(a['moves'])] == a['moves']
assert a['seed'] == b['seed'] and a['options'] == b['options']"

# --- play: bad input changes nothing ----------------------------------------------------------
GARBAGE=1 drive 6 12 eof -- "$CARDROOM" play reds --seed 8 --opponents random --save g.json >g.txt
check "garbage input: exit 0" test $? -eq 0
check "garbage input: an error is printed" grep -q "^error: 'this is not a move'" g.txt
check "out-of-range number: an error is printed" grep -q "^error: there is no move 999" g.txt
check "garbage input: the game went on" test "$(grep -c '^S0 ' g.txt)" -ge 5

# A scenario record (explicit deal): S1 must follow the lead A♠ with 2♠ or 3♠.
cp "$RECORDS/reds_follow_suit.json" follow.json
printf 'play QD\nKD\n7\n2s\n' | "$CARDROOM" play --resume follow.json --seat 1 --save follow.json \
  >follow.txt 2>&1
rc=$?
check "follow suit: exit 0" test $rc -eq 0
check "follow suit: the illegal card is refused with a reason" \
  test "$(grep -c '^error: you must follow suit' follow.txt)" -eq 2
check "follow suit: the legal moves are the two spades" grep -q '^moves:  1) play 3S  2) play 2S$' follow.txt
check "follow suit: the hand is sorted, trump first" grep -q '^Your hand  KD QD   3S 2S   4C$' follow.txt
check "follow suit: own passed cards are shown" grep -q '^S0 passed you 2S 3S KD 4C$' follow.txt
check "follow suit: the legal move was played after the errors" \
  test "$(json_get follow.json 'd["moves"][9]')" = "[1, 'play 2S']"
check "follow suit: no card of another hand is shown" \
  bash -c "! grep -E '\\b(AD|KS|KC|AC|JD|9S|JC|QC|TD)\\b' follow.txt | grep -vE '^S[0-9] plays|^trick|^  S[0-9]'"

# --- play: terminal output (colour, NO_COLOR, --ascii) through a pseudo-terminal --------------
if command -v script >/dev/null 2>&1; then
  tty_run() { printf 'quit\n' | env "$@" script -qec "$CARDROOM play reds --seed 5 --save tty.json $TTY_FLAGS" /dev/null 2>&1; }
  TTY_FLAGS="" tty_run TERM=xterm >tty_color.txt
  check "terminal: colour and suit symbols" bash -c "grep -q $'\x1b\\[' tty_color.txt && grep -q '♦' tty_color.txt"
  TTY_FLAGS="" tty_run NO_COLOR=1 >tty_nocolor.txt
  check "terminal: NO_COLOR turns colour off" bash -c "! grep -q $'\x1b\\[[0-9;]*m' tty_nocolor.txt"
  TTY_FLAGS="--ascii" tty_run TERM=xterm >tty_ascii.txt
  check "terminal: --ascii is plain" bash -c "! grep -q $'\x1b\\[[0-9;]*m' tty_ascii.txt && ! grep -q '♦' tty_ascii.txt"
else
  echo "skip terminal checks: no 'script' command"
fi

# --- replay, sim, bench ------------------------------------------------------------------------
"$CARDROOM" replay "$RECORDS/reds_follow_suit.json" --json >rp.json
check "replay --json of a partial game: keys and to_act" python3 -c "
import json; d = json.load(open('rp.json'))
assert all(k in d for k in ('game','over','totals','to_act','legal','rounds'))
assert d['over'] is False and d['to_act'] == [1] and d['legal']['1'] == ['play 2S', 'play 3S']"

"$CARDROOM" sim reds --games 8 --bots random --threads 1 >sim1.txt 2>/dev/null
rc1=$?
"$CARDROOM" sim reds --games 8 --bots random --threads 2 >sim2.txt 2>/dev/null
rc2=$?
check "sim: exit 0" test $rc1 -eq 0 -a $rc2 -eq 0 -a -s sim1.txt
check "sim: --threads 1 and 2 give identical output" cmp -s sim1.txt sim2.txt

out=$("$CARDROOM" bench --games 50)
rc=$?
check "bench: exit 0" test $rc -eq 0
check "bench: a line starting with 'Bench:'" grep -q '^Bench: ' <<<"$out"

finish
