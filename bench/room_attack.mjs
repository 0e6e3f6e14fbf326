// The card room under the audit's attacks (issue 40), as a benchmark: starts `cardroom serve`
// (any build: run it on the old and the new binary to compare), plays a probe table of heuristic
// players at 100 ms a move while an attacker seats slow searching players and floods the lobby,
// and reports how /health and the probe's moves held up, how soon a third searching table got its
// moves, and how long SIGTERM took. Not a test: times depend on the machine; tests/server_attack_
// test.cc checks the same things with generous bounds.
//
//   node --experimental-websocket bench/room_attack.mjs build/cardroom [seconds]
//
// Node.js 20's WebSocket is behind --experimental-websocket (Node 22 has it by default).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const bin = process.argv[2];
const seconds = Number(process.argv[3] ?? 20);
if (!bin) throw new Error("usage: node --experimental-websocket bench/room_attack.mjs CARDROOM [SECONDS]");

const dir = mkdtempSync(path.join(tmpdir(), "cardroom-attack-"));
const serve = spawn(bin, ["serve", "--port", "0", "--db", path.join(dir, "room.db"), "--quiet"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const port = await new Promise((resolve, reject) => {
  let out = "";
  serve.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/http:\/\/[^:]+:(\d+)\//);
    if (m) resolve(Number(m[1]));
  });
  serve.on("exit", () => reject(new Error("cardroom serve exited: " + out)));
});
const base = `127.0.0.1:${port}`;
const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (v, p) => (v.length ? [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((v.length * p) / 100))] : NaN);
const report = (v) => `n=${v.length} p50=${pct(v, 50).toFixed(1)} ms p99=${pct(v, 99).toFixed(1)} ms max=${Math.max(...v).toFixed(1)} ms`;

function client() {
  const ws = new WebSocket(`ws://${base}/ws`);
  const c = { ws, handlers: [], send: (m) => ws.readyState === 1 && ws.send(JSON.stringify(m)) };
  // A frozen server never answers the handshake: give up after 10 s.
  c.open = Promise.race([new Promise((r) => ws.addEventListener("open", r)), sleep(10000)]);
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(e.data);
    for (const h of c.handlers) h(m);
  });
  ws.addEventListener("error", () => {});
  c.next = (pred, ms = 10000) =>
    new Promise((resolve) => {
      const t = setTimeout(() => resolve(null), ms);
      const h = (m) => {
        if (pred(m)) {
          clearTimeout(t);
          c.handlers = c.handlers.filter((x) => x !== h);
          resolve(m);
        }
      };
      c.handlers.push(h);
    });
  return c;
}

async function create(c, game, seats, extra = {}) {
  const reply = c.next((m) => m.type === "created" || m.type === "error");
  c.send({ type: "create", game, seats, ...extra });
  return reply;
}

// /health every 50 ms.
const health = [];
let running = true;
(async () => {
  while (running) {
    const t = now();
    try {
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(), 10000);
      await (await fetch(`http://${base}/health`, { signal: ac.signal })).text();
      clearTimeout(timer);
      health.push(now() - t);
    } catch {
      health.push(10000);
    }
    await sleep(50);
  }
})();

// The probe: Back Alley among four heuristic players, 100 ms a move, watched.
const host = client();
await host.open;
const probe = await create(host, "back_alley", ["heuristic", "heuristic", "heuristic", "heuristic"], { pace_ms: 100 });
const watcher = client();
await watcher.open;
const gaps = [];
let last = null;
watcher.handlers.push((m) => {
  if (m.type === "update" && m.table === probe.table) {
    const t = now();
    if (last !== null) gaps.push(t - last);
    last = t;
  }
});
watcher.send({ type: "watch", table: probe.table });
await sleep(1000);

// Finding 1: a private table of four ismcts(ms=600000) (or the room's largest allowed), and
// visitors who open the lobby and connections that close.
const attacker = client();
await attacker.open;
const refusals = [];
async function slowTable(isPrivate) {
  let r = await create(attacker, "s48(players=4)", Array(4).fill("ismcts(ms=600000)"), { private: isPrivate });
  if (r && r.type === "error") {
    refusals.push(r.message);
    r = await create(attacker, "s48(players=4)", Array(4).fill("ismcts(ms=5000)"), { private: isPrivate });
  }
  return r;
}
await slowTable(true);
for (let i = 0; i < 2; i++) {
  const v = client();
  await v.open;
  v.send({ type: "lobby" });
  const w = client();
  await w.open;
  w.ws.close();
}
// Finding 2: another slow table, then a third table of searching players.
await slowTable(false);
const fair = client();
await fair.open;
const fairTable = await create(fair, "s48(players=4)", Array(4).fill("ismcts(iterations=200)"));
const fairStart = now();
const fourth = fairTable?.table ? fair.next((m) => m.type === "update" && m.seq >= 4, seconds * 1000) : null;
if (fairTable?.table) fair.send({ type: "watch", table: fairTable.table });
await fourth;
const fairMs = (await fourth) ? now() - fairStart : Infinity;
await sleep(Math.max(0, seconds * 1000 - (now() - fairStart)));
running = false;
await sleep(200);

// SIGTERM while the searches run.
const stopStart = now();
const stopped = new Promise((r) => serve.on("exit", r));
serve.kill("SIGTERM");
const stopMs = await Promise.race([stopped.then(() => now() - stopStart), sleep(20000).then(() => Infinity)]);
if (stopMs === Infinity) serve.kill("SIGKILL");

console.log(`binary: ${bin}`);
if (refusals.length) console.log(`refused: ${refusals[0]}`);
console.log(`/health: ${report(health)} (an unanswered request counts 10000 ms)`);
console.log(`probe moves (pace 100 ms): ${report(gaps)}; the last ${last === null ? "never" : `${(now() - last).toFixed(0)} ms before the end`}`);
console.log(`a searching table's 4th move behind two slow tables: ${fairMs === Infinity ? `none in ${seconds} s` : `${fairMs.toFixed(0)} ms`}`);
console.log(`SIGTERM to exit: ${stopMs === Infinity ? "not within 20 s (killed)" : `${stopMs.toFixed(0)} ms`}`);
process.exit(0);
