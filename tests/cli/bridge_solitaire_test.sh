#!/usr/bin/env bash
# CLI tests: Bridge Solitaire in `cardroom play` and `replay`: the intro against the house, the
# house's row and the game's lines under the table, bridge bids numbered in bid order, the rubber
# score sheet, and the seed's example 1 replayed from its checked-in record.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

out=$(printf 'keep AS\nkeep JS\nkeep 8S\nkeep 7S\nkeep 5S\nkeep QC\ndiscard JH\n' |
  "$CARDROOM" play bridge_solitaire --seed 3 --save "$WORK/bs.json" 2>&1)
check "play: the player is told it plays against the house" \
  grep -q '^You are S0, playing against the house\.$' <<<"$out"
check "play: the house has a row in the table" grep -Eq '^  house +0 +0$' <<<"$out"
check "play: the face-down cards are counted, not shown" \
  grep -q 'Face down, turned when six are kept: 7 cards' <<<"$out"
check "play: bridge bids are numbered in bid order" \
  grep -q '^moves:  1) bid 1C  2) bid 1D  3) bid 1H  4) bid 1S  5) bid 2C' <<<"$out"
check "play: the contract and the discard pile are shown" \
  grep -q 'Discard pile: JH (7)' <<<"$out"

out=$("$CARDROOM" play bridge_solitaire --watch --seed 3 --save "$WORK/bs-watch.json" 2>&1)
check "play --watch: the rubber score sheet has WE and THEY columns" \
  grep -Eq '^ +WE +THEY$' <<<"$out"
check "play --watch: a rule under each game won" grep -q -- '-- game to WE ---' <<<"$out"
check "play --watch: the sheet's totals are the rubber's" python3 -c '
import re, sys
out = sys.argv[1]
we, they = map(int, re.findall(r"^  total +(-?\d+) +(-?\d+)$", out, re.M)[-1])
assert "the rubber is over: WE %d, THEY %d" % (we, they) in out, (we, they)' "$out"

json=$("$CARDROOM" replay "$RECORDS/bridge_solitaire_example_1.json" --json 2>&1)
check "replay --json: example 1 is 1♣X made with 7 tricks, 240 to WE" python3 -c '
import json, sys
r = json.loads(sys.argv[1])["rounds"][0]
assert r["contract"]["text"] == "1♣X" and r["declarer"] == "player", r["contract"]
assert r["tricks_won"] == [7] and r["totals"] == {"we": 240, "they": 0}, r
assert [(l["line"], l["kind"], l["points"]) for l in r["lines"]] == [
    ("below", "contract", 40), ("above", "insult", 50), ("above", "honours", 150)], r["lines"]' "$json"

finish
