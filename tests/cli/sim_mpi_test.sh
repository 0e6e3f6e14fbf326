#!/usr/bin/env bash
# CLI tests: `sim` under mpirun (issue 18): `mpirun -np 2 cardroom sim ARGS` prints the same bytes,
# text and --json, as `cardroom sim ARGS` in one process (the matches shared between the two
# processes, the outcomes folded in match order on the first), with nothing on stderr (an exec:
# bot's forfeits: the same forfeit log, from the first process alone); --timing
# differs only in its times; errors are said once, with a non-zero exit. Registered only when
# cardroom is built with MPI (CMakeLists.txt), MPIEXEC naming mpirun.
#
# mpirun's flags: -q, no banners of its own when a process exits non-zero (the error is
# cardroom's); --oversubscribe, two processes even on a machine with one core; as root, Open MPI
# refuses to start without --allow-run-as-root.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mpi=("${MPIEXEC:-mpirun}" -q --oversubscribe -np 2)
if [ "$(id -u)" -eq 0 ]; then mpi+=(--allow-run-as-root); fi

# same NAME ARGS...: one process and two under mpirun print the same stdout, and nothing on
# stderr, both exiting 0.
same() {
  local name=$1
  shift
  "$CARDROOM" sim "$@" >one.out 2>one.err
  local rc1=$?
  "${mpi[@]}" "$CARDROOM" sim "$@" >two.out 2>two.err
  local rc2=$?
  if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && [ -s one.out ] && cmp -s one.out two.out &&
    [ ! -s one.err ] && [ ! -s two.err ]; then
    pass "$name"
  else
    failure "$name" "exit $rc1 and $rc2 under mpirun" "stderr under mpirun: $(head -c 300 two.err)" \
      "$(diff one.out two.out | head -5)"
  fi
}

same "reds, text: the same bytes from 2 processes as from one" \
  reds --games 40 --bots heuristic,random --seed 5
same "reds --json, each process on 2 threads" \
  reds --games 40 --bots heuristic,random --seed 5 --threads 2 --json
# S48: 4 seats, 4 rotations, 30 matches: a duplicate deal split between the processes.
same "s48 --json: bids, three players cycled, a deal split between the processes" \
  s48 --games 30 --bots heuristic,random,heuristic --seed 9 --json
same "back_alley --json: team contracts" back_alley --games 3 --json
same "bridge_solitaire --json: one seat, each deal played by both players" \
  bridge_solitaire --games 5 --bots heuristic,random --json
same "nuts --json: real time on the virtual clock" \
  nuts --games 4 --bots 'heuristic(speed=4),heuristic(speed=3)' --json
same "one match: the first process has none to play" reds --games 1 --json

# An exec: bot that forfeits (tests/bots/misbehaving_bot.py: an illegal move at its fifth
# decision), in a one-seat game where each deal is played by it and by heuristic: matches 0 and 2
# forfeited, 1 and 3 finished, a forfeit on each process. The forfeits' seats and reasons travel
# with the outcomes: stdout (the counts and forfeit_log) and stderr (the forfeit log, printed by
# the first process alone) are the same bytes as from one process.
BAD="exec:python3 $SOURCE_DIR/tests/bots/misbehaving_bot.py illegal 5"
"$CARDROOM" sim bridge_solitaire --games 4 --bots "$BAD,heuristic" --seed 3 --json >one.out 2>one.err
rc1=$?
"${mpi[@]}" "$CARDROOM" sim bridge_solitaire --games 4 --bots "$BAD,heuristic" --seed 3 --json \
  >two.out 2>two.err
rc2=$?
check "an exec bot that forfeits: the same stdout and stderr from 2 processes as from one" \
  bash -c "test $rc1 -eq 0 && test $rc2 -eq 0 && cmp -s one.out two.out && cmp -s one.err two.err"
check "... with two forfeits, logged once, and two finished matches" python3 -c "
import json; d = json.load(open('two.out')); err = open('two.err').read().splitlines()
assert d['matches'] == 4 and d['forfeited'] == 2, d
assert [f['match'] for f in d['forfeit_log']] == [0, 2], d['forfeit_log']
assert all(\"illegal move 'play XX'\" in f['reason'] for f in d['forfeit_log']), d['forfeit_log']
assert d['bots'][0]['forfeits'] == 2 and d['bots'][1]['score']['n'] == 2, d['bots']
assert len(err) == 2 and err[0].startswith('match 0: exec bot ') and err[1].startswith('match 2: '), err"

# --timing: the decisions counted are the same; only the times (mean_ms, longest_ms) vary.
"$CARDROOM" sim reds --games 6 --timing --json >one.json 2>/dev/null
"${mpi[@]}" "$CARDROOM" sim reds --games 6 --timing --json >two.json 2>/dev/null
check "--timing: the same but for the times" python3 -c "
import json
one, two = (json.load(open(f)) for f in ('one.json', 'two.json'))
for d in (one, two):
    for t in d['timing']:
        assert t['decisions'] > 0 and t['longest_ms'] >= t['mean_ms'] >= 0, t
        del t['mean_ms'], t['longest_ms']
assert one == two, (one, two)
"

# Errors: said once (by the first process; every process finds the same), exit 1 as from one
# process, nothing on stdout.
expect_error "a bad player string: said once" "^cardroom: unknown player 'nosuch'" \
  "${mpi[@]}" "$CARDROOM" sim reds --bots heuristic,nosuch
expect_error "a bad --games: said once" "^cardroom: --games must be a whole number" \
  "${mpi[@]}" "$CARDROOM" sim reds --games 0
expect_error "an unknown game: said once" "^cardroom: unknown game 'nosuchgame'" \
  "${mpi[@]}" "$CARDROOM" sim nosuchgame

finish
