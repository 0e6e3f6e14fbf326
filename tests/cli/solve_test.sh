#!/usr/bin/env bash
# CLI tests: `cardroom solve`, the double-dummy tricks of a bridge deal: an ending worked out by
# hand (text and --json), a whole deal whose sides' tricks add up, and the errors.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# North must cash the spade ace while South's heart ace is an entry to the diamond ace: 3 tricks;
# a heart or a club first leaves West's club five the last trick: 2.
deal="N:A.2..2 KQ...3 .A.A.4 J.K..5"
out=$("$CARDROOM" solve --pbn "$deal" --trump N --leader N 2>&1)
check "solve: the sides' tricks" grep -q 'no trumps, N to lead: North-South 3, East-West 0 (of 3 tricks)' <<<"$out"
check "solve: the spade ace keeps all three" grep -Eq '^  AS +North-South  3, East-West  0$' <<<"$out"
check "solve: a heart first costs a trick" \
  grep -Eq '^  2H +North-South  2, East-West  1  \(costs 1 to N\)$' <<<"$out"

json=$("$CARDROOM" solve --pbn "$deal" --trump n --leader N --json 2>&1)
check "solve --json: tricks and each lead" python3 -c '
import json, sys
r = json.loads(sys.argv[1])
assert r["tricks"] == {"NS": 3, "EW": 0} and r["trump"] == "N" and r["leader"] == "N", r
leads = {l["card"]: (l["NS"], l["EW"]) for l in r["leads"]}
assert leads == {"AS": (3, 0), "2H": (2, 1), "2C": (2, 1)}, leads' "$json"

whole="N:KJ.A7.AQ3.AKQJ63 A64.T9863.T8742. T9872.KQ2.KJ6.85 Q53.J54.95.T9742"
json=$("$CARDROOM" solve --pbn "$whole" --trump S --leader W --json 2>&1)
check "solve --json: a whole deal, 13 tricks shared, the best lead keeps the value" python3 -c '
import json, sys
r = json.loads(sys.argv[1])
t = r["tricks"]
assert t["NS"] + t["EW"] == 13, t
assert max(l["EW"] for l in r["leads"]) == t["EW"], r["leads"]
assert len(r["leads"]) == 13, len(r["leads"])' "$json"

expect_fail() {
  local what=$1 pattern=$2
  shift 2
  local err
  err=$("$CARDROOM" solve "$@" 2>&1)
  local code=$?
  check "solve: $what fails" test "$code" -ne 0
  check "solve: $what says why" grep -q -- "$pattern" <<<"$err"
}
expect_fail "a bad strain" "--trump must be C, D, H, S or N" --pbn "$deal" --trump X --leader N
expect_fail "a bad seat" "--leader must be N, E, S or W" --pbn "$deal" --trump S --leader Q
expect_fail "uneven hands" "every hand must have the same number of cards" \
  --pbn "N:A.2..2 KQ...3 .A.A.4 J.K.." --trump S --leader N
expect_fail "a card twice" "appears twice" --pbn "N:A.2..2 AQ...3 .A.A.4 J.K..5" --trump S --leader N
expect_fail "a bad rank" "is not a rank" --pbn "N:A.2..2 KQ...3 .A.A.4 J.K..X" --trump S --leader N
expect_fail "a missing seat" "starts with the first hand's seat" --pbn "A.2..2 KQ...3 .A.A.4 J.K..5" \
  --trump S --leader N

finish
