#!/usr/bin/env bash
# CLI tests: `cardroom serve` (the web card room) and `cardroom loadtest`: flags refused with a
# clear error, the room answering HTTP and keeping its tables in --db, and a short load run whose
# clients all hold seats and get every move answered.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

expect_error "serve: a port out of range" "--port must be a whole number from 0 to 65535" \
  "$CARDROOM" serve --port 70000
expect_error "serve: a bind address that is not one" "--bind nowhere: not an IP address" \
  "$CARDROOM" serve --port 0 --bind nowhere --db "$WORK/a.db"
expect_error "serve: a database that cannot be opened" "cannot open the database" \
  "$CARDROOM" serve --port 0 --db "$WORK/no/such/dir/room.db"
expect_error "serve: a PostgreSQL server that is not there" "cannot connect to PostgreSQL" \
  "$CARDROOM" serve --port 0 --db "postgresql://nobody@127.0.0.1:1/none"
expect_error "loadtest: a URL off this machine" "loopback only" \
  "$CARDROOM" loadtest --url ws://example.com:80/ws --seconds 1
expect_error "loadtest: too many clients" "--clients must be a whole number from 1 to 10000" \
  "$CARDROOM" loadtest --clients 0

# The room: the address printed, the page and its health answered, the tables kept in --db.
"$CARDROOM" serve --port 0 --db "$WORK/room.db" >serve.out 2>serve.err &
pid=$!
for _ in $(seq 50); do grep -q "http://" serve.out && break; sleep 0.1; done
url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/' serve.out)
check "serve prints the address to open" test -n "$url"
check "serve answers /health" bash -c "curl -sf '${url}health' | grep -qx ok"
check "serve gives a 404 for an unknown path" \
  bash -c "test \"\$(curl -s -o /dev/null -w '%{http_code}' '${url}nothing')\" = 404"
check "serve keeps its tables in the --db file" test -s "$WORK/room.db"
kill -TERM "$pid"
wait "$pid"
check "serve stops on SIGTERM with status 0" test $? -eq 0

"$CARDROOM" loadtest --clients 20 --seconds 3 --think-ms 100 --json >load.json 2>load.err
rc=$?
check "loadtest: 20 clients hold 20 seats, their moves are answered, no errors" python3 -c "
import json; d = json.load(open('load.json'))
assert $rc == 0, open('load.err').read()
assert d['clients'] == 20 and d['seats'] == 20, d
assert d['moves'] > 20 and d['latency_ms']['samples'] > 0 and d['errors'] == 0, d
assert 0 < d['latency_ms']['p50'] <= d['latency_ms']['p99'] <= d['latency_ms']['max'], d
assert d['server_peak_rss_mib'] > 0, d"

# The soak in small: attackers beside the players, the server killed and started again.
"$CARDROOM" loadtest --clients 20 --seconds 6 --think-ms 100 --abusive 3 --kill-at 3 --json \
  >soak.json 2>soak.err
rc=$?
check "loadtest --abusive --kill-at: every seat back, the attacks refused, no move lost" python3 -c "
import json; d = json.load(open('soak.json'))
assert $rc == 0, open('soak.err').read()
assert d['seats'] == 20 and d['errors'] == 0, d
assert d['moves_lost'] == 0 and d['kill']['reconnects'] >= 20, d
assert d['abusive']['refused'] > 0 and d['abusive']['closed_by_server'] > 0, d"

# The room's policy: its flags refused with a clear error.
expect_error "serve: a policy limit out of range" "--max-move-ms must be a whole number" \
  "$CARDROOM" serve --port 0 --db "$WORK/b.db" --max-move-ms 0
expect_error "loadtest: --kill-at with --url" "--kill-at needs the load test's own server" \
  "$CARDROOM" loadtest --url ws://127.0.0.1:1/ws --kill-at 2 --seconds 5

finish
