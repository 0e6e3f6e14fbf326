#!/usr/bin/env bash
# CLI tests: what `cardroom play` shows of Back Alley, Truc, Tadmur and Indian Chief: move numbers that keep
# their cards, bid numbers, the order of the hand, the table's header, the Tadmur board, the
# events of a joker swap and each game's own score sheet. Each check pipes fixed input into
# `cardroom play GAME --seed N` and reads the plain-text output.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# play_game GAME SEED INPUT [ARGS...]: the piped output of a game given INPUT (printf format).
play_game() {
  local game=$1 seed=$2 input=$3
  shift 3
  printf "$input" | "$CARDROOM" play "$game" --seed "$seed" --save "$WORK/$game-$seed.json" "$@" 2>&1
}

# The numbers given to each card's plain play ("play 5H", not "play 5H truc") on each `moves:`
# line, one JSON object per line.
play_numbers() {
  python3 -c '
import json, re, sys
for line in sys.stdin:
    if line.startswith("moves:"):
        print(json.dumps({c: int(n) for n, c in re.findall(r"(\d+)\) play (\S+)(?=  |$)", line.rstrip("\n"))}))'
}

# --- move numbers --------------------------------------------------------------------------------
out=$(play_game truc 11 'signal weak\ntruc\n')
check "truc --seed 11: three prompts before the first card" \
  test "$(grep -c '^moves:' <<<"$out")" -eq 3
check "truc --seed 11: 'signal weak' and 'truc' leave every card its number" python3 -c '
import json, sys
maps = [json.loads(l) for l in sys.argv[1].splitlines()]
assert len(maps) == 3 and all(m == maps[0] for m in maps), maps' "$(play_numbers <<<"$out")"

out=$(play_game tadmur 3 'guess 2\n')
check "tadmur --seed 3: a guess leaves every card its number" python3 -c '
import json, sys
maps = [json.loads(l) for l in sys.argv[1].splitlines()][:2]
assert len(maps) == 2 and maps[0] == maps[1], maps' "$(play_numbers <<<"$out")"

# Whole games with random answers: on every prompt the plays come first, numbered from 1 in the
# order of the hand shown just above.
for game in truc tadmur back_alley; do
  drive 4 400 none -- "$CARDROOM" play "$game" --seed 21 --opponents random --save "$WORK/$game.json" \
    >"$game-random.txt"
  check "$game: plays numbered from 1 in the order the hand is shown" python3 - "$game-random.txt" <<'PY'
import re, sys
hand, checked = None, 0
for line in open(sys.argv[1]):
    if line.startswith("Your hand"):
        hand = line.split()[2:]
    elif line.startswith("moves:") and hand is not None:
        plays = re.findall(r"(\d+)\) play (\S+)(?=  |$)", line.rstrip("\n"))
        if not plays:
            continue
        labels = [int(n) for n, _ in plays]
        assert labels == list(range(1, len(plays) + 1)), line
        places = [hand.index(c) for _, c in plays]
        assert places == sorted(places), (hand, line)
        checked += 1
assert checked > 5, checked
PY
done

# --- the order of the hand ----------------------------------------------------------------------
out=$(play_game truc 1 '')
check "truc --seed 1: the hand in Truc's rank order (3 2 A K Q J 7 6 5 4)" \
  grep -q '^Your hand  3D  2H  KS$' <<<"$out"
check "truc, tadmur: every hand shown in the game's rank order" python3 - truc-random.txt \
  tadmur-random.txt <<'PY'
import sys
for name, order in ((sys.argv[1], "32AKQJ7654"), (sys.argv[2], "A23456789TJQK")):
    hands = [l.split()[2:] for l in open(name) if l.startswith("Your hand")]
    assert len(hands) > 5, name
    for hand in hands:
        places = [order.index(c[0]) for c in hand]
        assert places == sorted(places), (name, hand)
PY

# --- Back Alley ---------------------------------------------------------------------------------
# Hand 23 of seed 15 (answering 1 to everything): upcard BB, S0 holds LB and takes the bottom JC.
yes 1 | head -1000 | "$CARDROOM" play back_alley --seed 15 --save "$WORK/ba15-all.json" >ba15.txt 2>&1
check "back_alley --seed 15, hand 23: the hand as dealt, then the swap, then the hand after it" \
  python3 - ba15.txt <<'PY'
import sys
text = open(sys.argv[1]).read().split("== Hand 23 of 26", 1)[1]
lines = text.split("moves:", 1)[0].splitlines()
told = [l for l in lines if l.startswith(("your hand:", "upcard", "S0 discards", "you take"))]
assert len(told) == 4, told
dealt, upcard, discard, take = told
assert "LB" in dealt.split() and "JC" not in dealt.split(), dealt
assert upcard == "upcard BB: no trumps" and discard == "S0 discards LB and takes the bottom card"
assert take == "you take JC", take
hand = [l for l in lines if l.startswith("Your hand")][0].split()[2:]
assert "JC" in hand and "LB" not in hand, hand
PY

check "back_alley: the table names hands as the rules do, never 'Round'" \
  bash -c "grep -q '^Hand 4 of 26 - 10 cards - trump ' ba15.txt && ! grep -q '^Round' ba15.txt"
check "back_alley: a joker upcard is shown as no trumps" \
  grep -q '^Hand 23 of 26 - 10 cards - no trumps (upcard BB)$' ba15.txt

# --- score sheets ------------------------------------------------------------------------------
# sheet_after TEXT_FILE: the first score sheet of the file, up to the line after its total.
sheet_after() { awk '/^Score sheet/{on=1} on{print} on&&/^  Total/{exit}' "$1"; }
sheet_after ba15.txt >ba15-sheet.txt
check "back_alley: the score sheet shows each seat's call and each team's bid/took" python3 - \
  ba15-sheet.txt <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
assert lines[1].split() == ["calls", "T1", "S0+S2", "T2", "S1+S3"], lines[1]
assert lines[2].split() == ["Hand", "S0", "you", "S1", "S2", "S3", "bid/took", "points", "total",
                            "bid/took", "points", "total"], lines[2]
import re
row = lines[3].split()
# Hand 1: S0 (the person, answering 1) bid 1; then the others' calls, each team's bid/took, points
# and total (the total of one hand is its points).
assert len(row) == 11 and row[:2] == ["1", "1"], row
assert all(re.fullmatch(r"\d+|pass|board|double board", c) for c in row[2:5]), row
for bid_took, points, total in (row[5:8], row[8:11]):
    assert re.fullmatch(r"(\d+|board|double board)/\d+", bid_took), row
    assert re.fullmatch(r"[+-]\d+|0", points) and int(points) == int(total), row
assert lines[4].split() == ["Total", row[7], row[10]], lines[4]
PY
check "back_alley: each hand's results, then its score sheet, then the next hand's deal" \
  python3 - ba15.txt <<'PY'
import re, sys
text = open(sys.argv[1]).read()
for h in range(1, 26):
    part = text.split(f"== Hand {h} of 26", 1)[1].split(f"== Hand {h + 1} of 26", 1)[0]
    trick = part.rindex("trick ")
    results = [m.start() for m in re.finditer(r"^S\d/S\d contract .*, took \d+: ", part, re.M)]
    sheet = re.search(r"^Score sheet", part, re.M).start()
    assert len(results) == 2 and trick < results[0] < results[1] < sheet, h
    assert "your hand:" not in part[sheet:] and "bids" not in part[sheet:], h
PY
check "back_alley: a banner opens each of the 26 hands" python3 - ba15.txt <<'PY'
import re, sys
banners = re.findall(r"^== Hand (\d+) of 26: S\d deals \d+ cards? each =+$", open(sys.argv[1]).read(), re.M)
assert banners == [str(h) for h in range(1, 27)], banners
PY
out=$(yes 1 | head -300 | "$CARDROOM" play truc --seed 2 --save truc2.json 2>&1)
check "truc: the score sheet has Truc's columns, no bid/won" python3 -c '
import sys
text = sys.argv[1]
assert "bid/won" not in text and "bid/took" not in text
lines = text.split("\nScore sheet\n", 1)[1].splitlines()
assert lines[0].split() == ["T1", "S0+S2", "T2", "S1+S3"], lines[0]
assert lines[1].split() == ["Hand", "dealer", "stake", "how", "tricks", "points", "total",
                            "tricks", "points", "total"], lines[1]
assert lines[2].split() == ["1", "S0", "1", "truc", "rejected", "0", "0", "0", "0", "+1", "1"], lines[2]' "$out"
out=$(yes 1 | head -300 | "$CARDROOM" play tadmur --seed 3 --save tadmur3.json 2>&1)
check "tadmur: the score sheet says how the game ended and reveals the targets, no bid/won" python3 -c '
import sys
text = sys.argv[1]
assert "bid/won" not in text
lines = text.split("\nScore sheet\n", 1)[1].splitlines()
assert lines[0].split() == ["S0", "you", "S1"], lines[0]
assert lines[1].split() == ["Game", "ended", "target", "guesses", "total", "target", "guesses",
                            "total"], lines[1]
assert lines[2].split() == ["1", "S1", "guesses", "the", "target", "JH", "0", "0", "9S", "3", "1"], lines[2]' "$out"

# --- Truc: the stake -----------------------------------------------------------------------------
out=$(play_game truc 11 'signal weak\ntruc\n')
check "truc --seed 11: the stake and who may raise, before and after a truc" python3 -c '
import sys
heads = [l for l in sys.argv[1].splitlines() if l.startswith("Hand 1")]
assert heads == ["Hand 1 - stake 1 point - anyone may call truc"] * 2 + [
    "Hand 1 - stake 2 points - S1+S3 may call retruc"], heads' "$out"
out=$(play_game truc 2 '')
check "truc --seed 2: a raise waiting for the person's answer" \
  grep -q '^Hand 1 - stake 1 point - S1 calls truc: S0 to accept or reject$' <<<"$out"

# --- Tadmur: the board ---------------------------------------------------------------------------
out=$(play_game tadmur 3 'guess 2\n1\n')
check "tadmur: no raw view keys on the table" \
  bash -c "! grep -qE '^  (chains|guessing open|ruled out|starters|spaces|blocked) ' <<<\"\$1\"" _ "$out"
check "tadmur: both chains from starter to target, the opponent's target hidden" python3 -c '
import sys
lines = sys.argv[1].splitlines()
first = lines.index("guessing open")
assert "  You           7 spaces to the target: 8S __ __ __ __ __ __ __ | Target: JH" in lines[first:], lines[first:]
assert "  S1            7 spaces to the target: 4C __ __ __ __ __ __ __ | Target: [#]" in lines[first:], lines[first:]' "$out"
check "tadmur: after a wrong guess, the new space and the rank ruled out" python3 -c '
import sys
lines = sys.argv[1].splitlines()
at = lines.index("guessed: now a card")
assert "  You           8 spaces to the target: 8S __ __ __ __ __ __ __ __ | Target: JH" in lines[at:], lines[at:]
assert "  S1\x27s target is not    2" in lines[at:], lines[at:]' "$out"
check "tadmur: cards placed fill the chain" \
  grep -q '^  You           7 spaces to the target: 8S 7S __ __ __ __ __ __ __ | Target: JH$' <<<"$out"

if command -v script >/dev/null 2>&1; then
  printf 'quit\n' | env NO_COLOR=1 script -qec "$CARDROOM play tadmur --seed 3 --save tty.json" \
    /dev/null >tadmur-tty.txt 2>&1
  check "tadmur on a terminal: the chains and the hand in suit symbols" python3 - tadmur-tty.txt <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
assert "Your turn to guess or play to your chain" in text, text
assert "7 spaces to the target: 8♠ ·· ·· ·· ·· ·· ·· ·· | Target: J♥" in text, text
assert "7 spaces to the target: 4♣ ·· ·· ·· ·· ·· ·· ·· | Target: [#]" in text, text
assert "Your hand  A♠ A♥ A♣  2♠ 2♥  3♥ 3♦" in text, text
PY
  printf 'quit\n' | env NO_COLOR=1 script -qec "$CARDROOM play back_alley --seed 15 --save tty.json" \
    /dev/null >ba-tty.txt 2>&1
  check "back_alley on a terminal: the bid menu is titled as bids" \
    grep -q '^Your bid (how many tricks you take)' ba-tty.txt
  check "back_alley on a terminal: the bid menu starts with 0) pass" \
    grep -qE '^   0\) pass +1\) bid 1' ba-tty.txt
  # Truc seed 11: S0's first turn offers cards, truc and signals; after 'truc' is accepted, cards.
  printf 'signal weak\ntruc\nquit\n' | env NO_COLOR=1 script -qec "$CARDROOM play truc --seed 11 --save tty.json" \
    /dev/null >truc-tty.txt 2>&1
  check "truc on a terminal: a prompt with raises and signals says so, one of cards alone does not" \
    bash -c "grep -q '^Your card, or a call' truc-tty.txt && grep -qx 'Your card' <(tr -d '\r' <truc-tty.txt)"
else
  echo "skip terminal checks: no 'script' command"
fi

# --- bids ----------------------------------------------------------------------------------------
out=$(play_game back_alley 15 '0\n')
check "back_alley: pass is numbered 0 and board follows the highest bid" \
  grep -q '^moves:  0) pass  1) bid 1  2) bid 2 .*  12) bid 12  13) board$' <<<"$out"
check "back_alley: '0' passes" grep -q '^S0 passes$' <<<"$out"
check "back_alley: a one-card hand offers 0) pass 1) board" python3 - ba15.txt <<'PY'
import sys
text = open(sys.argv[1]).read().split("== Hand 13 of 26", 1)[1]
moves = [l for l in text.splitlines() if l.startswith("moves:")][0]
assert moves == "moves:  0) pass  1) board", moves
PY

# A pass is shown as a pass on the table, not as a bid of 0.
for i in $(seq 1 30); do echo 0; done | "$CARDROOM" play back_alley --seed 15 --save "$WORK/ba-pass.json" \
  >ba-pass.txt 2>&1
check "back_alley: the table shows a pass as 'pass'" grep -qE '^> S0 you +pass +0 ' ba-pass.txt

# Guesses are not bids: a menu of guesses and a pass is numbered 1, 2, ... in the game's order.
yes 1 | head -400 | "$CARDROOM" play tadmur stuck=pass --seed 1 --save "$WORK/tp.json" >tp.txt 2>&1
check "tadmur stuck=pass: guesses and pass numbered 1, 2, ... not by rank" python3 - tp.txt <<'PY'
import re, sys
menus = [l for l in open(sys.argv[1]) if l.startswith("moves:") and "pass" in l and "play" not in l]
assert menus, "no menu of guesses and a pass"
for m in menus:
    labels = [int(x) for x in re.findall(r"(\d+)\) ", m)]
    assert labels == list(range(1, len(labels) + 1)), m
PY

# Bridgette: named bids make a menu in rank order numbered from 1; the table shows the auction
# and, in play, the contract and its declarer.
(for i in $(seq 1 8); do echo 1; done; echo 6c; echo pass; echo 1) |
  "$CARDROOM" play bridgette --seed 3 --save "$WORK/br3.json" >br3.txt 2>&1
check "bridgette --seed 3: discards are asked one card at a time" \
  grep -q '^moves:  1) discard QS  2) discard JS' br3.txt
check "bridgette --seed 3: bids numbered 1, 2, ... lowest first, calls after them" python3 - br3.txt <<'PY'
import re, sys
menus = [l for l in open(sys.argv[1]) if l.startswith("moves:") and " bid " in l]
assert menus and menus[0].startswith("moves:  1) bid 1C  2) bid 1D  3) bid 1H  4) bid 2C"), menus[:1]
for m in menus:
    labels = [int(x) for x in re.findall(r"(\d+)\) ", m)]
    assert labels == list(range(1, len(labels) + 1)), m
    assert "pass" not in m or m.index(" bid ") < m.index("pass"), m
PY
check "bridgette: a bid typed as its text ('6c') is read" \
  grep -q '^contract 6CX by S0' br3.txt
check "bridgette: the table shows the auction and the contract" python3 - br3.txt <<'PY'
import sys
text = open(sys.argv[1]).read()
assert "Auction:  ...  " in text or "Auction:  S0" in text, "no auction line"
assert "contract 6CX by S0 - trump C" in text, "no contract in the header"
PY
# --- Indian Chief: picks, the score card, refusals, the score sheet --------------------------------
out=$(play_game indian_chief 3 'meld thief\npick KD\npick KS\npick QS\n')
check "indian_chief: refusals give the reason" python3 -c '
import sys
text = sys.argv[1]
assert "error: the Thief takes 1 card; you have picked 0" in text, text
assert "error: you do not hold KD" in text, text' "$out"
check "indian_chief: picks, the seat notes and the score card grid, no raw view keys" python3 -c '
import sys
lines = sys.argv[1].splitlines()
assert "  You           Your meld: KS QS" in lines, lines
assert "  S1            Choosing: --" in lines, lines
assert not any(l.startswith(("  score card", "  seat notes", "  melds", "  chosen", "  picked")) for l in lines)
at = [i for i, l in enumerate(lines) if l.split() == ["S0", "you", "8", "0"]][0]
assert lines[at + 4].split() == ["S0", "S1", "S2", "S3"], lines[at + 4]
assert lines[at + 5].split() == ["Thief", "(1)", ".", ".", ".", "."], lines[at + 5]
assert lines[at + 11].split()[:2] == ["Indian", "Chief"], lines[at + 11]' "$out"
out=$(yes 1 | head -200 | "$CARDROOM" play indian_chief --seed 3 --save ic3.json 2>&1)
check "indian_chief: seven turns on the score sheet, meld, stole, points and total per seat" python3 -c '
import sys
text = sys.argv[1]
lines = text.split("\nScore sheet\n")[-1].splitlines()
assert lines[1].split() == ["Turn"] + ["meld", "stole", "points", "total"] * 4, lines[1]
assert [l.split()[0] for l in lines[2:10]] == ["1", "2", "3", "4", "5", "6", "7", "Total"], lines
assert "Final standings" in text' "$out"
check "indian_chief: the saved game replays to seven turns, every box filled once per seat" python3 -c '
import json, sys
r = json.loads(sys.argv[1])
assert len(r["rounds"]) == 7, len(r["rounds"])
for seat in range(4):
    assert sorted(t["melds"][seat] for t in r["rounds"]) == sorted(
        ["thief", "beggar", "poor", "lawyer", "rich", "doctor", "chief"])' \
  "$("$CARDROOM" replay --json ic3.json)"

# --- Help speaks of the game being played ------------------------------------------------------
out=$(printf 'help\nquit\n' | "$CARDROOM" play reds --seed 2 --save help-reds.json 2>&1)
check "reds help: bids numbered by their value" grep -q 'Bids are numbered by their value' <<<"$out"
out=$(printf 'discard 9S\nhelp\nquit\n' | "$CARDROOM" play bridgette --seed 5 --save help-br.json 2>&1)
check "bridgette help: no claim of bids by value, a card alone is its move" bash -c \
  "! grep -q 'Bids are numbered by their value' <<<\"\$1\" && grep -q \"a card alone is the move that names it ('8s' = 'discard 8s')\" <<<\"\$1\"" _ "$out"
out=$(printf 'quit\n' | "$CARDROOM" play reds --resume help-reds.json 2>&1)
check "resume: the counts agree with their numbers" grep -q '^Resumed after 0 moves, 0 rounds complete\.$' <<<"$out"

# --- Score sheets fit the terminal: blocks of seats, never a line wider than the screen ---------
out=$(yes 1 | head -200 | env COLUMNS=80 "$CARDROOM" play indian_chief --seed 3 --save ic3w.json 2>&1)
check "indian_chief at 80 columns: the score sheet in blocks, every seat, no line over 80" python3 -c '
import sys
sheet = sys.argv[1].split("\nScore sheet\n")[-1].split("\nFinal standings")[0]
lines = [l for l in sheet.splitlines() if l.strip()]
assert all(len(l) <= 80 for l in lines), [l for l in lines if len(l) > 80]
heads = [w for l in lines if l.lstrip().startswith("S") for w in l.split() if w.startswith("S")]
assert heads == ["S0", "S1", "S2", "S3"], heads
turns = [l for l in lines if l.split()[0] == "Turn"]
assert len(turns) == 2 and all(t.split()[1:] == ["meld", "stole", "points", "total"] * 2 for t in turns), turns
totals = [l for l in lines if l.split()[0] == "Total"]
assert len(totals) == 2, totals' "$out"

# --- Nuts on a terminal: the table redrawn in place, the moves in view ---------------------------
if command -v script >/dev/null 2>&1; then
  printf 'quit\n' | env NO_COLOR=1 script -qec "$CARDROOM play nuts --seed 3 --save nuts-tty.json" \
    /dev/null >nuts-tty.txt 2>&1
  check "nuts on a terminal: the screen is cleared and the table drawn from its top" python3 - nuts-tty.txt <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
assert "\x1b[H\x1b[2J" in text, "no clear screen"
after = text.split("\x1b[H\x1b[2J")[-1]
assert "Everyone plays at once" in after and "1) draw" in after, after
PY
fi

finish
