#!/usr/bin/env bash
# CLI tests: `cardroom analyze` (docs/analysis.md) on the checked-in S48 record: lines worked out by
# hand, every value cross-checked against the record and the legal moves, --round, --seat,
# --json's fields, records cut in a round, a finished match, the errors; and `analyze` in
# `cardroom play` (the last round that is over, refused for the round in progress, offered only
# in games with a solver).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The record: S48 with 4 players, explicit deals; round 1 (8 cards) and round 2 (7 cards) are
# over, round 3 is dealt but nobody has bid.
RECORD="$RECORDS/s48_seed_scoreboard.json"

# --- text output --------------------------------------------------------------------------------
out=$("$CARDROOM" analyze "$RECORD" 2>"$WORK/stderr.txt")
check "analyze: exit 0, nothing on stderr" test $? -eq 0 -a ! -s "$WORK/stderr.txt"
check "analyze: the header names the game and seed" \
  grep -q '^Double-dummy analysis of s48(players=4,cut_ace=high,final_tie=shared), seed 48\.$' <<<"$out"
check "analyze: says the last round is not over and not analysed" \
  grep -q '^The record ends in round 3, which is not over: it is not analysed\.$' <<<"$out"
check "analyze: says the values are round points" grep -q '^Values are round points' <<<"$out"
check "analyze: rounds 1 and 2, not 3" \
  test "$(grep -E '^Round [0-9]+$' <<<"$out" | tr '\n' ' ')" = "Round 1 Round 2 "
check "analyze: one line per card played (8 tricks of 4, then 7 of 4)" \
  test "$(grep -cE '^    S[0-3] played ' <<<"$out")" -eq 60
# Worked out by hand. Round 1: S3 (bid 2) holds AC KC QC 2H 2D 3D 4D 5D and has taken the first
# two tricks with AC and KC. QC now wins a third trick for sure (S1's 4C 5C are lower, nobody else
# has a club), and a bust cannot be undone: -2 (a missed bid of 2 scores -2). Any
# other lead loses the trick to S2 (AH, higher diamonds) and S3 never wins again: S1, the only
# player with a club left, never gets the lead (S0 holds only spades and wins every trick once it
# has the lead; S2 keeps a diamond over each of S3's), so S3 makes exactly 2: 20.
check "analyze: round 1, S3's third club costs 22 points against any other card" \
  grep -qx '    S3 played QC: -2 points; best 2H, 5D, 4D, 3D, 2D: 20 (cost 22)' <<<"$out"
check "analyze: ... each card's value on the next line" \
  grep -A1 -x '    S3 played QC: .*' <<<"$out" | grep -qx '      20: 2H 5D 4D 3D 2D   -2: QC'
check "analyze: cashing AC first is a best play" grep -qx '    S3 played AC: 20 points (best)' <<<"$out"
# S0 (bid 4) holds eight spades, S2 the only other one (2S). S0 wins no trick until someone leads
# a spade, then every trick: its total is decided by when S2 leads 2S, so with everyone against
# it S0 cannot be sure of 4 (-4) until S2 leads 2S to trick 5: then 4 exactly, 40.
check "analyze: S0's discards cannot make its bid sure" \
  grep -qx '    S0 played 7S: -4 points (any card)' <<<"$out"
check "analyze: after S2 leads 2S to trick 5, S0 makes 4 exactly" \
  grep -qx '    S0 played JS: 40 points (any card)' <<<"$out"
check "analyze: the last card of a round is the only card" \
  grep -qx '    S3 played 5D: -2 points (only card)' <<<"$out"
check "analyze: round 1's costs" \
  grep -qx '  Round 1 cost: S3 22 points in 1 play; S0, S1, S2 played best\.' <<<"$out"

# --- --json: the fields of docs/analysis.md, every value consistent ------------------------------
"$CARDROOM" analyze "$RECORD" --json >all.json
check "analyze --json: the fields, and every play consistent with the record" python3 - all.json "$RECORD" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
record = json.load(open(sys.argv[2]))
assert set(a) == {"game", "seed", "values", "rounds_complete", "round_in_progress", "seat", "rounds"}, a.keys()
assert a["game"] == "s48(players=4,cut_ace=high,final_tie=shared)" and a["seed"] == 48
assert a["values"] == "points" and a["seat"] is None, a
assert a["rounds_complete"] == 2 and a["round_in_progress"] == 3, a
assert [r["round"] for r in a["rounds"]] == [1, 2]
moves = record["moves"]
plays_seen = []
for r in a["rounds"]:
    assert set(r) == {"round", "plays", "costs"}
    costs = [0, 0, 0, 0]
    tricks = []
    for p in r["plays"]:
        assert set(p) == {"move", "trick", "seat", "card", "value", "best", "cost", "best_cards", "cards"}, p.keys()
        assert moves[p["move"]] == [p["seat"], "play " + p["card"]], (p, moves[p["move"]])
        values = {c["card"]: c["value"] for c in p["cards"]}
        assert len(values) == len(p["cards"]) and p["card"] in values, p
        assert p["value"] == values[p["card"]], p
        assert p["best"] == max(values.values()), p
        assert p["cost"] == p["best"] - p["value"] >= 0, p
        assert p["best_cards"] == [c for c, v in values.items() if v == p["best"]], p
        costs[p["seat"]] += p["cost"]
        tricks.append(p["trick"])
        plays_seen.append(p["move"])
    assert r["costs"] == costs, (r["costs"], costs)
    n = 8 if r["round"] == 1 else 7
    assert tricks == [t for t in range(1, n + 1) for _ in range(4)], tricks
# Every card play of rounds 1 and 2 is there, in record order; no bid is.
expected = [i for i, m in enumerate(moves[:72]) if m[1].startswith("play ")]
assert plays_seen == expected, (plays_seen, expected)
assert a["rounds"][0]["costs"] == [0, 0, 0, 22]
PY

# The cards listed are exactly the legal plays at that moment: replay the record cut just before
# each play of round 1 and compare with replay --json's legal moves.
check "analyze --json: each play's cards are the seat's legal moves at that moment" python3 - all.json "$RECORD" "$CARDROOM" <<'PY'
import json, subprocess, sys
a = json.load(open(sys.argv[1]))
record = json.load(open(sys.argv[2]))
for p in a["rounds"][0]["plays"][::3]:
    cut = dict(record, moves=record["moves"][:p["move"]])
    json.dump(cut, open("cut.json", "w"))
    state = json.loads(subprocess.run([sys.argv[3], "replay", "cut.json", "--json"], check=True,
                                      capture_output=True, text=True).stdout)
    assert state["to_act"] == [p["seat"]], (p, state["to_act"])
    legal = sorted(m.split()[1] for m in state["legal"][str(p["seat"])])
    assert legal == sorted(c["card"] for c in p["cards"]), (p, legal)
PY

# --- --round and --seat -----------------------------------------------------------------------
"$CARDROOM" analyze "$RECORD" --json --round 2 --seat S2 >r2.json
check "analyze --round 2 --seat S2: round 2 only, S2's plays only" python3 - r2.json all.json <<'PY'
import json, sys
a, whole = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert a["seat"] == 2 and [r["round"] for r in a["rounds"]] == [2], a
plays = a["rounds"][0]["plays"]
assert plays == [p for p in whole["rounds"][1]["plays"] if p["seat"] == 2], plays
assert len(plays) == 7 and a["rounds"][0]["costs"] == [None, None, 0, None], a["rounds"][0]
PY
out=$("$CARDROOM" analyze "$RECORD" --round 1 --seat 3)
check "analyze --seat: one seat's plays, the trick on each line" \
  grep -qx '  Trick 3: S3 played QC: -2 points; best 2H, 5D, 4D, 3D, 2D: 20 (cost 22)' <<<"$out"
check "analyze --seat: the header names the seat" grep -q ', plays of S3\.$' <<<"$out"
check "analyze --seat: the round's cost for that seat" \
  grep -qx '  Round 1 cost: S3 22 points in 1 play\.' <<<"$out"
out=$("$CARDROOM" analyze "$RECORD" --round 2)
check "analyze --round 2: every card of round 2 was a best one" \
  grep -qx '  Round 2: every card played was a best one\.' <<<"$out"

# --- records that end inside a round, a finished match ----------------------------------------
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
r["moves"] = r["moves"][:50]  # round 2: the bids and 10 cards
json.dump(r, open("cut.json", "w"))
r["moves"] = r["moves"][:20]  # round 1: 16 cards
json.dump(r, open("round1.json", "w"))' "$RECORD"
out=$("$CARDROOM" analyze cut.json)
check "analyze: a record cut in round 2 says round 2 is not analysed" \
  grep -qx 'The record ends in round 2, which is not over: it is not analysed\.' <<<"$out"
check "analyze: a record cut in round 2 is analysed up to round 1" \
  test "$(grep -E '^Round [0-9]+$' <<<"$out" | tr '\n' ' ')" = "Round 1 "
check "analyze --json: the cut record's round in progress is 2" \
  test "$("$CARDROOM" analyze cut.json --json | python3 -c 'import json,sys; a=json.load(sys.stdin); print(a["round_in_progress"], a["rounds_complete"], len(a["rounds"]))')" = "2 1 1"
expect_error "analyze: a record with no round over" \
  "^cardroom: 'round1.json': round 1 is in progress: analysis is offered only for rounds that are over \(no round is over yet\)$" \
  "$CARDROOM" analyze round1.json
expect_error "analyze --round 2 of a record cut in round 2 is refused" \
  "^cardroom: 'cut.json': round 2 is in progress: analysis is offered only for rounds that are over \(round 1 is over\)$" \
  "$CARDROOM" analyze cut.json --round 2

"$CARDROOM" play 's48(players=3)' --watch --seed 7 --save whole.json </dev/null >watch.txt 2>&1
check "play: a finished game names the command that analyses it" \
  grep -qx 'What each card played cost, every hand known: cardroom analyze whole.json' watch.txt
"$CARDROOM" analyze whole.json --json >whole-analysis.json
check "analyze --json: a finished match: every round, none in progress" python3 - whole-analysis.json <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
assert a["round_in_progress"] is None and a["rounds_complete"] == 9, a
assert [r["round"] for r in a["rounds"]] == list(range(1, 10))
sizes = [8, 7, 6, 5, 4, 5, 6, 7, 8]
for r, n in zip(a["rounds"], sizes):
    assert len(r["plays"]) == 3 * n, (r["round"], len(r["plays"]))
    for p in r["plays"]:
        assert p["best"] == max(c["value"] for c in p["cards"]) and p["cost"] == p["best"] - p["value"]
PY
out=$("$CARDROOM" analyze whole.json)
check "analyze: a finished match is analysed to round 9" grep -qx 'Round 9' <<<"$out"
check "analyze: a finished match does not speak of a round in progress" \
  bash -c '! grep -q "not over" <<<"$1"' _ "$out"

# --- errors ---------------------------------------------------------------------------------------
expect_error "analyze: a game without a solver names the games with one" \
  "^cardroom: '.*tadmur_parity_trap.json': Tadmur has no double-dummy solver, so no analysis \(games with one: [a-z_, ]*s48" \
  "$CARDROOM" analyze "$RECORDS/tadmur_parity_trap.json"
expect_error "analyze: a missing file" "^cardroom: cannot read 'nope.json': No such file" \
  "$CARDROOM" analyze nope.json
printf 'not json' >bad.json
expect_error "analyze: a file that is not JSON" "^cardroom: 'bad.json' is not valid JSON$" \
  "$CARDROOM" analyze bad.json
echo '{"game": "s48", "moves": [[0, "play ZZ"]]}' >illegal.json
expect_error "analyze: a record with a bad move names the move" "^cardroom: 'illegal.json': move 0" \
  "$CARDROOM" analyze illegal.json
expect_error "analyze --round 3 (in progress) is refused" \
  "^cardroom: '.*': round 3 is in progress: analysis is offered only for rounds that are over \(rounds 1\.\.2 are over\)$" \
  "$CARDROOM" analyze "$RECORD" --round 3
expect_error "analyze --round 4 was not played" \
  "^cardroom: '.*': round 4 was not played \(rounds 1\.\.2 are over\)$" "$CARDROOM" analyze "$RECORD" --round 4
for bad in 0 -1 x; do
  expect_error "analyze --round $bad is refused" "^cardroom: --round must be a whole number from 1 to" \
    "$CARDROOM" analyze "$RECORD" --round "$bad"
done
for bad in 4 S9 x; do
  expect_error "analyze --seat $bad is refused" "^cardroom: --seat $bad: this table has seats 0\.\.3$" \
    "$CARDROOM" analyze "$RECORD" --seat "$bad"
done
check "analyze --help names the games with a solver" \
  bash -c '"$1" analyze --help | grep -q "Games with a solver: .*s48"' _ "$CARDROOM"

# --- `analyze` in cardroom play ------------------------------------------------------------------
cp "$RECORD" resumed.json
out=$(printf 'help\nanalyze\nanalyze 1 all\nanalyze 3\nanalyze nonsense\nquit\n' |
  "$CARDROOM" play --resume resumed.json 2>&1)
check "play: the help offers analyze in S48" grep -q '^  analyze \[N\]  ' <<<"$out"
check "play: analyze shows the person's plays in the last round over (round 2, S0)" python3 - "$out" <<'PY'
import re, sys
out = sys.argv[1]
first = out.split("\nRound 2\n", 1)[1].split("\nRound 1\n", 1)[0]
plays = re.findall(r"^  Trick (\d): (S\d) played (\S+): ", first, re.M)
assert [(t, s) for t, s, _ in plays] == [(str(i), "S0") for i in range(1, 8)], plays
assert [c for _, _, c in plays] == ["AS", "KS", "2H", "3C", "4C", "5C", "6C"], plays
PY
check "play: analyze 1 all shows every seat's plays of round 1" \
  grep -qx '    S3 played QC: -2 points; best 2H, 5D, 4D, 3D, 2D: 20 (cost 22)' <<<"$out"
check "play: analyze of the round in progress is refused" \
  grep -qx 'error: round 3 is in progress: analysis is offered only for rounds that are over (rounds 1..2 are over)' <<<"$out"
check "play: analyze with a word it does not know says what it takes" \
  grep -q "^error: 'analyze' takes a round number and 'all'" <<<"$out"
out=$(printf 'analyze\nquit\n' | "$CARDROOM" play s48 --seed 5 --save fresh.json 2>&1)
check "play: analyze during the first round is refused" \
  grep -qx 'error: round 1 is in progress: analysis is offered only for rounds that are over (no round is over yet)' <<<"$out"
out=$(printf 'help\nanalyze\nquit\n' | "$CARDROOM" play tadmur --seed 3 --save tadmur.json 2>&1)
check "play: no analyze in the help of a game without a solver" \
  bash -c 'grep -q "^  hint " <<<"$1" && ! grep -q "^  analyze" <<<"$1"' _ "$out"
check "play: analyze in a game without a solver says so" \
  grep -q '^No analysis: this game has no double-dummy solver (games with one: [a-z_, ]*s48' <<<"$out"

finish
