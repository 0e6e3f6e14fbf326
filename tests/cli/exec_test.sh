#!/usr/bin/env bash
# CLI tests: exec: players, other programs speaking the bot protocol (docs/bot_protocol.md). The
# example bot plays `sim` through exec; a bot that crashes makes `sim` count forfeits and go on,
# and makes `play` stop with a clear error and the game saved.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

BOT="python3 $SOURCE_DIR/examples/random_bot.py"
CRASH="python3 $SOURCE_DIR/tests/bots/misbehaving_bot.py crash"

out=$("$CARDROOM" sim reds --bots "exec:$BOT,heuristic" --games 4 2>err.txt)
rc=$?
check "sim reds with the example bot: exit 0, both bots in the table, nothing on stderr" \
  bash -c "test $rc -eq 0 && grep -q '^exec:python3 .*random_bot.py ' <<<\"\$0\" &&
           grep -q '^heuristic ' <<<\"\$0\" && ! grep -q forfeit <<<\"\$0\" && test ! -s err.txt" \
  "$out"

"$CARDROOM" sim 'reds(players=2)' --bots "exec:$CRASH 2,heuristic" --games 4 --json >crash.json 2>crash.err
rc=$?
check "sim with a crashing bot: exit 0, four forfeits counted, the log on stderr" python3 -c "
import json, re; d = json.load(open('crash.json')); err = open('crash.err').read()
assert $rc == 0
assert d['matches'] == 4 and d['forfeited'] == 4 and len(d['forfeit_log']) == 4, d
assert d['bots'][0]['forfeits'] == 4 and d['bots'][1]['forfeits'] == 0, d['bots']
lines = [l for l in err.splitlines() if l.startswith('match ')]
assert len(lines) == 4, err
assert re.match(r\"match 0: exec bot '.*misbehaving_bot.py crash 2' \(seat \d\): .*exited with status 3\): S\d forfeits\", lines[0]), lines[0]"

python3 "$WORK/driver.py" 1 400 none -- "$CARDROOM" play reds --seed 4 --ascii --save crashed.json \
  --opponents "exec:$CRASH 4" >play.out 2>play.err
rc=$?
check "play against a crashing bot: exit 1, the error names the bot and its seat, the game saved" \
  bash -c "test $rc -eq 1 && grep -q \"exec bot '.*crash 4' (seat [123]): .*exited with status 3\" play.err &&
           grep -q 'game saved to crashed.json' play.out && test -s crashed.json &&
           grep -qF \"Resume with: $(realpath "$CARDROOM") play reds --resume crashed.json --opponents 'exec:\" play.out"
"$CARDROOM" play --resume crashed.json --opponents heuristic </dev/null >resumed.out 2>&1
check "the saved game resumes" grep -q 'Resumed after' resumed.out

finish
