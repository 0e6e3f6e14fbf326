#!/usr/bin/env bash
# CLI tests: `cardroom ladder` (issue 16): each adjacent pair of a list of players over duplicate,
# seat-rotated deals; the table, the --json fields and what they mean (margin per deal against
# per match, the win rate a share, deals counted as rounds), the same numbers for any thread
# count, the default list from the player registry, progress on stderr, and the errors.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# S48 with 4 players: 9 rounds a match, 4 rotations a match seed. 40 deals: 5 match seeds.
"$CARDROOM" ladder s48 --deals 40 --players random,heuristic --seed 3 --json >s48.json 2>s48.err
check "ladder --json: the fields, and deals counted as rounds of the match seeds played" python3 -c "
import json; d = json.load(open('s48.json'))
assert d['game'].startswith('s48(players=4,'), d['game']
assert d['deals'] == 40 and d['seed'] == 3 and d['players'] == ['random', 'heuristic'], d
assert len(d['pairs']) == 1, d['pairs']
p = d['pairs'][0]
assert set(p) == {'upper', 'lower', 'match_seeds', 'matches', 'deals', 'margin_per_deal',
                  'margin_per_match', 'win_rate', 'ms_per_move'}, sorted(p)
assert p['upper'] == 'heuristic' and p['lower'] == 'random'
# The fewest match seeds whose deals reach 40: 5 seeds of 9 rounds, each played in 4 rotations.
assert p['match_seeds'] == 5 and p['matches'] == 20 and p['deals'] == 45, p
for k in ('margin_per_deal', 'margin_per_match', 'win_rate'):
    assert set(p[k]) == {'mean', 'ci95', 'n'} and p[k]['n'] == 5 and p[k]['ci95'] >= 0, (k, p[k])
# In a game of fixed length the margin per deal is the margin per match over the deals a match.
assert abs(p['margin_per_deal']['mean'] * 9 - p['margin_per_match']['mean']) < 1e-9, p
assert abs(p['margin_per_deal']['ci95'] * 9 - p['margin_per_match']['ci95']) < 1e-9, p
# The heuristic beats the random player clearly, even on 5 match seeds.
assert p['margin_per_deal']['mean'] - p['margin_per_deal']['ci95'] > 0, p
assert 0.5 < p['win_rate']['mean'] <= 1, p['win_rate']
for who in ('upper', 'lower'):
    t = p['ms_per_move'][who]
    assert set(t) == {'mean_ms', 'longest_ms', 'decisions'} and t['decisions'] > 0, t
    assert 0 <= t['mean_ms'] <= t['longest_ms'], t
"
check "ladder: progress on stderr, a line as each pair starts and ends" bash -c "
grep -q '^ladder: heuristic against random: 40 deals or more$' s48.err &&
grep -q '^ladder: heuristic against random: [+-][0-9.]* ± [0-9.]* points per deal over 45 deals$' s48.err"

# The same ladder with two threads: the same numbers (the times aside).
"$CARDROOM" ladder s48 --deals 40 --players random,heuristic --seed 3 --threads 2 --json \
  >s48_t2.json 2>/dev/null
check "ladder: the results do not depend on the thread count" python3 -c "
import json
a, b = json.load(open('s48.json')), json.load(open('s48_t2.json'))
for d in (a, b):
    for p in d['pairs']:
        del p['ms_per_move']
assert a == b, (a, b)
"
# Another seed: other deals, other numbers.
"$CARDROOM" ladder s48 --deals 40 --players random,heuristic --seed 4 --json >s48_s4.json 2>/dev/null
check "ladder: --seed picks the match seeds" python3 -c "
import json
a, b = json.load(open('s48.json'))['pairs'][0], json.load(open('s48_s4.json'))['pairs'][0]
assert a['margin_per_deal']['mean'] != b['margin_per_deal']['mean'], (a, b)
"

# Three players: two pairs, each the later over the earlier.
"$CARDROOM" ladder 'reds(players=3)' --deals 20 --players 'random,heuristic,random(pace_ms=5)' \
  --json >three.json 2>/dev/null
check "ladder of three players: two pairs of neighbours" python3 -c "
import json; d = json.load(open('three.json'))
assert [(p['upper'], p['lower']) for p in d['pairs']] == [
    ('heuristic', 'random'), ('random(pace_ms=5)', 'heuristic')], d['pairs']
a, b = d['pairs']
assert a['deals'] >= 20 and b['deals'] >= 20, (a, b)
# The random player below the heuristic and above it: the margins have opposite signs.
assert a['margin_per_deal']['mean'] > 0 > b['margin_per_deal']['mean'], (a, b)
"

# The text table: a header and a row per pair.
out=$("$CARDROOM" ladder s48 --deals 40 --players random,heuristic --seed 3 2>/dev/null)
check "ladder text: the game, the header and a row per pair" bash -c "
grep -q '^ladder of s48(players=4,.*): 40 deals or more a pair, match seeds from 3$' <<<\"\$1\" &&
grep -q '^upper > lower .*deals .*seeds .*margin per deal .*margin per match .*win rate .*ms/move upper, lower$' <<<\"\$1\" &&
grep -qE '^heuristic > random +45 +5 +\+[0-9.]+ ± [0-9.]+ +\+[0-9.]+ ± [0-9.]+ +[0-9.]+% ± [0-9.]+ +[0-9.]+, [0-9.]+ *$' <<<\"\$1\"" _ "$out"

# A one-seat game: each deal played by each player; Bridge Solitaire, one hand a match.
"$CARDROOM" ladder 'bridge_solitaire(max_hands=1)' --deals 6 --players random,heuristic --json \
  >solo.json 2>/dev/null
check "ladder of a one-seat game: each deal played once by each player" python3 -c "
import json; p = json.load(open('solo.json'))['pairs'][0]
assert p['match_seeds'] == 6 and p['matches'] == 12 and p['deals'] == 6, p
assert 0 <= p['win_rate']['mean'] <= 1, p
"

# A game whose length depends on the play (Truc, hands up to 12 points): the deals reach the target.
"$CARDROOM" ladder truc --deals 30 --players random,heuristic --json >truc.json 2>/dev/null
check "ladder of a game of varying length: at least the deals asked for, from whole match seeds" \
  python3 -c "
import json; p = json.load(open('truc.json'))['pairs'][0]
assert p['deals'] >= 30 and p['matches'] == 2 * p['match_seeds'], p
"

# The default list: every player the game has, in the registry's order.
"$CARDROOM" ladder schwimmen --deals 4 --json >schw.json 2>/dev/null
check "ladder: by default every player of a game without the solver (no pimc)" python3 -c "
import json; d = json.load(open('schw.json'))
assert d['players'][:2] == ['random', 'heuristic'] and 'pimc' not in d['players'], d['players']
assert len(d['pairs']) == len(d['players']) - 1
"
"$CARDROOM" ladder 'bridge_solitaire(max_hands=1)' --deals 2 --json >bs.json 2>/dev/null
check "ladder: by default pimc too in a trick game with the solver" python3 -c "
import json; d = json.load(open('bs.json'))
assert d['players'][:3] == ['random', 'heuristic', 'pimc'], d['players']
assert d['pairs'][1]['upper'] == 'pimc' and d['pairs'][1]['lower'] == 'heuristic', d['pairs']
"

# Errors: one line, exit 1.
expect_error "ladder: an unknown game" "^cardroom: unknown game 'nosuch'" \
  "$CARDROOM" ladder nosuch --deals 4
expect_error "ladder: an unknown player names the game's players" \
  "^cardroom: unknown player 'nosuch' \(players for s48: random heuristic pimc" \
  "$CARDROOM" ladder s48 --players random,nosuch
expect_error "ladder: a player the game does not have" \
  "^cardroom: schwimmen has no player 'pimc': pimc plays .*\(players for schwimmen: random heuristic" \
  "$CARDROOM" ladder schwimmen --players random,heuristic,pimc
expect_error "ladder: a bad player option" "^cardroom: player 'pimc': .*worlds" \
  "$CARDROOM" ladder s48 --players 'heuristic,pimc(worlds=0)'
expect_error "ladder: a single player" "^cardroom: a ladder needs at least two players" \
  "$CARDROOM" ladder s48 --players heuristic
expect_error "ladder: a player next to itself" \
  "^cardroom: player 'heuristic' is next to itself: neighbours in a ladder must differ$" \
  "$CARDROOM" ladder s48 --players random,heuristic,heuristic
expect_error "ladder: an empty player list" "^cardroom: --players names no player$" \
  "$CARDROOM" ladder s48 --players ,
expect_error "ladder: --deals 0" "^cardroom: --deals must be a whole number from 1 to" \
  "$CARDROOM" ladder s48 --deals 0
expect_error "ladder: --deals not a number" "^cardroom: --deals must be a whole number .*not 'many'" \
  "$CARDROOM" ladder s48 --deals many
expect_error "ladder: a bad game option" "^cardroom: .*players" \
  "$CARDROOM" ladder s48 players=9 --deals 4

out=$("$CARDROOM" ladder --help)
check "ladder --help says what is measured" bash -c "
grep -q -- '--deals' <<<\"\$1\" && grep -q -- '--players' <<<\"\$1\" &&
grep -q 'Margin per deal' <<<\"\$1\" && grep -q 'share of the wins' <<<\"\$1\"" _ "$out"

finish
