// Browser tests of the card room: the built page (web/dist) served by a real `cardroom serve`,
// driven by Playwright (playwright-core, no browser download) in Debian's headless Chromium.
//
//   CARDROOM=/path/to/cardroom node tests/browser.test.mjs      (from web/, after `npm run build`)
//
// (tests/web/browser_test.sh builds the page and runs this.)
//
// Environment: CARDROOM (the server binary, required), CHROMIUM (default /usr/bin/chromium),
// WEB_DIST (default web/dist beside this folder), SCREENSHOTS (default tests/screenshots here).
//
// One server (in a temporary folder, with its own database) serves the whole file. A Reds game is
// created from the lobby, watched by a spectator, reloaded mid-game and played to the end by
// clicking; then a table of every game is opened and photographed.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = process.env.WEB_DIST || path.resolve(here, "..", "dist");
const SHOTS = process.env.SCREENSHOTS || path.join(here, "screenshots");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const STEP_MS = 15_000; // the longest wait for one thing the page should do
// Every waitForFunction polls on a timer: by default it polls in requestAnimationFrame callbacks,
// which a loaded machine can starve for longer than STEP_MS in a page that is not in front (a
// CI run timed out so, waiting for the spectator's page to reach our seq; the test passed alone).
const POLL_MS = 50;
const GAME_MS = 90_000; // a whole short Reds game

let server; // { proc, url, dir }
let browser;

// ---- The server ----

function startServer() {
  const bin = process.env.CARDROOM;
  if (!bin) throw new Error("CARDROOM is not set: the path of the cardroom binary");
  const dir = mkdtempSync(path.join(tmpdir(), "cardroom-pw-"));
  // One browser from one address creates a table of every game in a minute: no limits on tables.
  const args = ["serve", "--port", "0", "--db", path.join(dir, "room.db"), "--web", WEB_DIST, "--away-after-ms", "500",
    "--max-tables-per-minute", "0", "--max-open-tables", "0", "--pause-empty-after-s", "3"];
  const proc = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  proc.stderr.on("data", (d) => (err = (err + d).slice(-4000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no address from cardroom serve in 10 s\n${out}\n${err}`)), 10_000);
    function fail(e) {
      clearTimeout(timer);
      proc.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      reject(e);
    }
    proc.on("exit", (code) => fail(new Error(`cardroom serve exited (${code}) before opening\n${out}\n${err}`)));
    proc.stdout.on("data", (d) => {
      out += d;
      const m = /open at (http:\/\/[^\s/]+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        proc.removeAllListeners("exit");
        proc.stdout.resume();
        resolve({ proc, url: m[1], dir });
      }
    });
  });
}

async function stopServer() {
  if (!server) return;
  const { proc, dir } = server;
  server = undefined;
  if (proc.exitCode === null) {
    const gone = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGTERM");
    const t = setTimeout(() => proc.kill("SIGKILL"), 3000);
    await gone;
    clearTimeout(t);
  }
  rmSync(dir, { recursive: true, force: true });
}

// ---- The page ----

// Runs in the page before its own script: keeps the newest `table`/`update` the page was sent
// (the larger seq wins, as the page does) and the `seated` message, so that a test can read, in
// the same moment as the DOM, what the server said the seat may do. After every message (once the
// page has drawn it) it also checks that the page offers moves only when the server's view says
// this seat may move, and keeps what it found wrong.
function recorder(clickable) {
  const Native = window.WebSocket;
  window.__cr = { last: null, seat: null, seated: null, checks: 0, wrong: [] };
  const check = () => {
    const r = window.__cr;
    if (!r.last || !document.querySelector('[data-testid="table"]')) return;
    const offered = Array.from(document.querySelectorAll(clickable)).map((e) => e.dataset.move);
    const legal = (r.last.legal ?? []).map((m) => m.text);
    const toAct = Array.isArray(r.last.view?.to_act) ? r.last.view.to_act : [];
    r.checks++;
    const bad = offered.filter((m) => !legal.includes(m));
    if (bad.length) r.wrong.push(`seq ${r.last.seq}: offered ${bad} not legal (${legal})`);
    if (offered.length && !toAct.includes(r.seat)) r.wrong.push(`seq ${r.last.seq}: offered ${offered} while to act: ${toAct}`);
  };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        let m;
        try {
          m = JSON.parse(e.data);
        } catch {
          return;
        }
        const r = window.__cr;
        if (m.type === "seated") r.seated = m;
        if (m.type === "table") {
          r.seat = m.seat;
          if (!r.last || r.last.table !== m.table || m.seq >= r.last.seq) r.last = m;
        }
        if (m.type === "update" && r.last && m.table === r.last.table && m.seq >= r.last.seq) r.last = { ...r.last, ...m };
        // The page's own handler runs after this one, in the same task: check in the next.
        setTimeout(check, 0);
      });
    }
  };
}

async function newPage(viewport = LAPTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  await page.addInitScript(recorder, CLICKABLE);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // A failed request is reported by its address (the console's own line names none).
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  page.on("response", (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  page.errors = errors;
  return page;
}

const CLICKABLE = '[data-testid="table"] .card.playable[data-move], [data-testid="moves"] button[data-move]:not([disabled])';

/** What the page shows and what it was last sent, read in one go (so they agree). */
function snapshot(page) {
  return page.evaluate((sel) => {
    const r = window.__cr;
    const q = (s) => Array.from(document.querySelectorAll(s));
    const status = document.querySelector('[data-testid="table"] [data-testid="status"]');
    const view = r.last?.view ?? {};
    return {
      seat: r.seat,
      seq: r.last?.seq ?? null,
      over: Boolean(r.last?.over || view.over === true),
      legal: (r.last?.legal ?? []).map((m) => m.text),
      toAct: Array.isArray(view.to_act) ? view.to_act : [],
      pending: Boolean(document.querySelector('[data-testid="table"].pending')),
      statusText: status?.textContent ?? "",
      mine: Boolean(status?.classList.contains("mine")),
      hand: q('[data-testid="hand"] [data-card]').map((e) => e.dataset.card),
      clickable: q(sel).map((e) => e.dataset.move),
      // Face-up cards of the trick in progress and the last trick (played, so public; the last
      // trick may be the round before's, whose codes can be dealt to us again).
      playedCards: q('[data-testid="trick"] [data-card], [data-testid="last-trick"] [data-card]').map((e) => e.dataset.card),
      // Every other face-up card but the hand's: board, info panel, score sheet.
      otherCards: q('[data-testid="table"] [data-card]')
        .filter((e) => !e.closest('[data-testid="hand"], [data-testid="trick"], [data-testid="last-trick"]'))
        .map((e) => e.dataset.card),
    };
  }, CLICKABLE);
}

/** Waits until the game is over or the page offers this seat a move (and is not waiting for
 * its last move's update). */
async function waitForTurnOrEnd(page, timeout = STEP_MS) {
  try {
    await page.waitForFunction(
    (sel) => {
      const r = window.__cr;
      if (!r.last) return false;
      if (r.last.over || r.last.view?.over === true) return true;
      if (document.querySelector('[data-testid="table"].pending')) return false;
      return document.querySelectorAll(sel).length > 0;
    },
      CLICKABLE,
      { timeout, polling: POLL_MS },
    );
  } catch (e) {
    const s = await snapshot(page).catch(() => null);
    const moves = await page.$$eval('[data-testid="moves"] button', (bs) => bs.map((b) => `${b.dataset.move}${b.disabled ? " (disabled)" : ""}`)).catch(() => []);
    e.message += `\nno move offered nor game over; the page: ${JSON.stringify({ ...s, buttons: moves })}`;
    throw e;
  }
  return snapshot(page);
}

/** Clicks moves until the page shows a hand's summary or the game-over panel (true), or `limit`
 * moves were made (false). */
async function playToMoment(page, rng, limit, ms = Infinity) {
  const moment = '[data-testid="hand-summary"], [data-testid="game-over"]';
  const end = Date.now() + ms;
  for (let i = 0; i <= limit && Date.now() < end; i++) {
    // In real time a seat that said "stuck" waits for the others, longer than a step.
    const wait = page.waitForFunction(
      ([sel, m]) => {
        const r = window.__cr;
        if (document.querySelector(m)) return true;
        if (!r.last || document.querySelector('[data-testid="table"].pending')) return false;
        return document.querySelectorAll(sel).length > 0;
      },
      [CLICKABLE, moment],
      { timeout: ms === Infinity ? STEP_MS : Math.max(1, Math.min(end - Date.now(), 60_000)), polling: POLL_MS },
    );
    if (ms === Infinity) await wait;
    else if (!(await wait.then(() => true, () => false))) continue;
    if (await page.$(moment)) return true;
    if (i === limit) break;
    await clickSomeMove(page, await snapshot(page), rng);
  }
  return false;
}

/** The page offers moves exactly when the server's view says this seat may move. */
function checkOffers(s, where) {
  if (s.over) return;
  if (s.clickable.length > 0) {
    assert.ok(s.legal.length > 0, `${where}: moves offered (${s.clickable}) but the server sent no legal move`);
    assert.ok(s.toAct.includes(s.seat), `${where}: moves offered while seat ${s.seat} is not to act (${s.toAct})`);
    for (const m of s.clickable) assert.ok(s.legal.includes(m), `${where}: "${m}" offered but not legal (${s.legal})`);
  }
  if (!s.toAct.includes(s.seat) || s.legal.length === 0) {
    assert.equal(s.clickable.length, 0, `${where}: moves offered when it is not our turn: ${s.clickable}`);
    assert.equal(s.mine, false, `${where}: status says our turn when it is not`);
  }
}

/** Clicks one of the offered moves (a card or a button), at random, and returns its text. */
async function clickSomeMove(page, s, rng) {
  const i = Math.floor(rng() * s.clickable.length);
  const move = s.clickable[i];
  await page.locator(CLICKABLE).nth(i).click();
  return move;
}

function seededRng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Creates a table from the lobby's form: a game, its options, and who sits where. */
async function createFromLobby(page, game, { options = {}, seats, pace = 0 } = {}) {
  await page.goto(server.url);
  const select = page.getByTestId("game-select");
  await page.waitForFunction((g) => !!document.querySelector(`[data-testid="game-select"] option[value="${g}"]`), game, { polling: POLL_MS });
  await select.selectOption(game);
  for (const [name, value] of Object.entries(options)) {
    const input = page.getByTestId(`option-${name}`);
    if (typeof value === "boolean") await input.setChecked(value);
    else if ((await input.evaluate((e) => e.tagName)) === "SELECT") await input.selectOption(String(value));
    else {
      await input.fill(String(value));
      await input.dispatchEvent("change");
    }
  }
  if (seats) {
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="seat-select-"]').length === n, seats.length, { polling: POLL_MS });
    for (let i = 0; i < seats.length; i++) await page.getByTestId(`seat-select-${i}`).selectOption(seats[i]);
  }
  // No pause before computer moves: the tests click through whole games.
  // Turn games: the computers move at once; real time (Nuts): the fastest speed.
  if (await page.getByTestId("pace-ms").isVisible()) await page.getByTestId("pace-ms").fill(String(pace));
  else await page.getByTestId("speed").selectOption("5");
  await page.getByTestId("create").click();
  await page.waitForURL(/\?table=/);
  await page.getByTestId("table").waitFor();
  await page.waitForFunction(() => window.__cr.last !== null && window.__cr.seated !== null, null, { polling: POLL_MS });
  const table = new URL(page.url()).searchParams.get("table");
  assert.ok(table, "the address names the table");
  return table;
}

/** Every `table`/`update` view in the frames a page received over its WebSocket. */
function collectFrames(page) {
  const frames = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => {
      if (typeof f.payload !== "string") return;
      try {
        frames.push(JSON.parse(f.payload));
      } catch {
        frames.push({ unparsed: f.payload });
      }
    });
  });
  return frames;
}

function collectSent(page) {
  const sent = [];
  page.on("websocket", (ws) => ws.on("framesent", (f) => typeof f.payload === "string" && sent.push(JSON.parse(f.payload))));
  return sent;
}

/** Every "hand" key (at any depth) of a value whose value holds a card. */
function handsIn(value, at = "view", out = []) {
  if (Array.isArray(value)) value.forEach((v, i) => handsIn(v, `${at}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      if ((k === "hand" || k === "hands") && JSON.stringify(v ?? null).match(/"[0-9TJQKA]{1,2}[SHDC]"/)) out.push(`${at}.${k}`);
      handsIn(v, `${at}.${k}`, out);
    }
  return out;
}

// Stopped from outside (the script's time bound, Ctrl-C): the server goes too.
function killServerNow() {
  if (!server) return;
  server.proc.kill("SIGKILL");
  rmSync(server.dir, { recursive: true, force: true });
  server = undefined;
}
for (const sig of ["SIGTERM", "SIGINT"])
  process.once(sig, () => {
    killServerNow();
    process.exit(1);
  });
process.once("exit", killServerNow);

before(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close().catch(() => {});
  await stopServer();
});

describe("a Reds game in the browser", { timeout: 150_000 }, () => {
  let player;
  let spectator;
  let specFrames;
  let playerFrames;
  let checked = 0; // turns at which the spectator's page was compared with ours
  let table;
  const rng = seededRng(20261126);
  let ourMoves = 0;

  /** Plays until the game ends or `count` of our moves were made, checking at every turn that
   * moves are offered only then and that the spectator sees none of our hand. */
  async function play(count, deadline) {
    while (ourMoves < count) {
      const s = await waitForTurnOrEnd(player, Math.max(1000, deadline - Date.now()));
      checkOffers(s, `before our move ${ourMoves + 1}`);
      if (s.over) return s;
      if (spectator) await spectatorSeesNoHand(s);
      await clickSomeMove(player, s, rng);
      ourMoves++;
      // Between our turns (the computers' moves), nothing may be offered.
      checkOffers(await snapshot(player), `after our move ${ourMoves}`);
    }
    return snapshot(player);
  }

  /** At our turn (the table waits for us, so both pages settle on the same seq): the spectator's
   * page draws no hand and no card of ours outside the played tricks, and the same played
   * tricks as ours. */
  async function spectatorSeesNoHand(s) {
    await spectator.waitForFunction((seq) => window.__cr.last?.seq === seq, s.seq, { timeout: STEP_MS, polling: POLL_MS });
    const seen = await snapshot(spectator);
    assert.equal(seen.seat, null, "the spectator has no seat");
    assert.deepEqual(seen.hand, [], "the spectator's page draws no hand");
    assert.deepEqual(seen.clickable, [], "the spectator is offered no move");
    const leaked = seen.otherCards.filter((c) => s.hand.includes(c));
    assert.deepEqual(leaked, [], `the spectator sees cards of our hand at seq ${s.seq}`);
    assert.deepEqual(seen.playedCards, s.playedCards, `the spectator sees the tricks we see at seq ${s.seq}`);
    checked++;
  }

  test("create a Reds table from the lobby: me and three heuristic players", async () => {
    player = await newPage();
    playerFrames = collectFrames(player); // kept across the reload: the page object stays
    table = await createFromLobby(player, "reds", {
      options: { players: 4, short_game: true },
      seats: ["me", "heuristic", "heuristic", "heuristic"],
    });
    const seated = await player.evaluate(() => window.__cr.seated);
    assert.equal(seated.table, table);
    assert.equal(seated.seat, 0, "the creator sits where the form put \"me\"");
    const token = await player.evaluate((t) => localStorage.getItem(`cardroom.token.${t}`), table);
    assert.equal(token, seated.token, "the seat's token is kept in localStorage");
    const msg = await player.evaluate(() => window.__cr.last);
    assert.match(msg.game, /^reds\(.*short_game=true/, "the game string carries the option changed");
    assert.deepEqual(
      msg.seats.map((x) => x.kind),
      ["human", "computer", "computer", "computer"],
    );
    assert.equal(await player.getByTestId("seat-0").count(), 1);
    assert.equal(await player.getByTestId("seat-3").count(), 1);
    const s = await waitForTurnOrEnd(player);
    assert.ok(s.hand.length > 0, "our hand is drawn face up");
    checkOffers(s, "first turn");
  });

  test("a spectator watches by the watch link and sees no hidden card", async () => {
    spectator = await newPage();
    specFrames = collectFrames(spectator);
    await spectator.goto(`${server.url}?table=${encodeURIComponent(table)}&watch=1`);
    await spectator.getByTestId("table").waitFor();
    await spectator.waitForFunction(() => window.__cr.last !== null, null, { polling: POLL_MS });
    await spectator.getByText("watching", { exact: true }).waitFor();
    const s = await snapshot(player);
    await spectatorSeesNoHand(s);
    // Watching spends no seat, and the spectator holds no token.
    assert.equal(await spectator.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("cardroom.token.")).length), 0);
  });

  test("moves are offered only on our turn, and clicking plays them", async () => {
    const s = await play(3, Date.now() + 30_000);
    assert.ok(s.over || ourMoves === 3, "three moves made");
    assert.ok(s.seq > 0);
  });

  test("a reload mid-game resumes the same seat with its token", async () => {
    const before = await waitForTurnOrEnd(player);
    assert.ok(!before.over, "the game is still on");
    const token = await player.evaluate((t) => localStorage.getItem(`cardroom.token.${t}`), table);
    const sent = collectSent(player);
    await player.reload();
    await player.getByTestId("table").waitFor();
    await player.waitForFunction(() => window.__cr.last !== null, null, { polling: POLL_MS });
    const resume = sent.find((m) => m.type === "resume");
    assert.ok(resume, `the reloaded page resumes (sent: ${JSON.stringify(sent)})`);
    assert.equal(resume.table, table);
    assert.equal(resume.token, token, "with the token kept in localStorage");
    assert.ok(!sent.some((m) => m.type === "join" || m.type === "watch"), "and neither joins nor watches");
    assert.equal(new URL(player.url()).searchParams.get("table"), table);
    const after = await waitForTurnOrEnd(player);
    assert.equal(after.seat, before.seat, "the same seat");
    if (after.seq === before.seq) {
      assert.deepEqual(after.hand.slice().sort(), before.hand.slice().sort(), "the same hand");
      assert.deepEqual(after.clickable.slice().sort(), before.clickable.slice().sort(), "the same moves offered");
    } else {
      // The reload took longer than --away-after-ms and a computer moved for us meanwhile.
      assert.ok(after.seq > before.seq, "the view never goes back");
      console.log(`note: a computer moved for the reloading seat (seq ${before.seq} -> ${after.seq})`);
      if (!after.over && after.hand.length) assert.ok(after.hand.every((c) => before.hand.includes(c)) || after.hand.length >= before.hand.length);
    }
    const away = await player.evaluate(() => window.__cr.last.seats[window.__cr.seat]);
    assert.equal(away.kind, "human");
    assert.equal(await player.getByTestId("lobby").count(), 0, "the table, not the lobby");
    // Play goes on after the reload.
    await play(ourMoves + 2, Date.now() + 20_000);
  });

  test("play the whole game by clicking, until the page shows the game over", async () => {
    const s = await play(Infinity, Date.now() + GAME_MS);
    assert.ok(s.over, "the game ended");
    await player.getByTestId("status").getByText(/Game over/).waitFor();
    const status = await player.getByTestId("status").textContent();
    console.log(`Reds: ${ourMoves} moves of ours; ${status.trim()}`);
    assert.deepEqual(await player.locator(CLICKABLE).count(), 0, "no move offered once over");
    const watch = await player.evaluate(() => ({ checks: window.__cr.checks, wrong: window.__cr.wrong }));
    assert.deepEqual(watch.wrong, [], "moves offered only when the view says we may move, at every message");
    assert.ok(watch.checks > 20, `checked after every message since the reload (${watch.checks})`);
    await player.getByTestId("record").waitFor();
    await spectator.getByTestId("status").getByText(/Game over/).waitFor();
    await player.waitForTimeout(400); // the game-over panel's entrance
    const file = path.join(SHOTS, "reds-over.png");
    await player.screenshot({ path: file, fullPage: true });
    console.log(`screenshot ${file}`);
    assert.deepEqual(player.errors, [], "no error in the player's page");
  });

  test("every view the spectator was sent hides the hands", async () => {
    const views = specFrames.filter((m) => m.type === "table" || m.type === "update");
    assert.ok(views.length > 5, `the spectator received the game (${views.length} views)`);
    assert.ok(checked >= 5, `the spectator's page was compared with ours at ${checked} turns`);
    // Our hand at each seq, from what our page was sent.
    const ourHand = new Map();
    for (const m of playerFrames) if ((m.type === "table" || m.type === "update") && Array.isArray(m.view?.hand)) ourHand.set(m.seq, m.view.hand);
    let compared = 0;
    for (const m of views) {
      assert.equal(m.legal?.length ?? 0, 0, "a spectator gets no legal move");
      if (m.type === "table") assert.equal(m.seat, null);
      const hands = handsIn(m.view);
      assert.deepEqual(hands, [], `seq ${m.seq}: a hand with cards in a spectator's view`);
      // No card we hold at that seq appears anywhere in the spectator's view, but in the played
      // tricks (the round before's may hold codes dealt to us again).
      const hand = ourHand.get(m.seq);
      if (!hand || m.over) continue;
      const { trick, tricks, last_round, ...rest } = m.view;
      const codes = new Set(JSON.stringify(rest).match(/"[^"]{2,3}"/g)?.map((x) => x.slice(1, -1)));
      const leaked = hand.filter((c) => codes.has(c));
      assert.deepEqual(leaked, [], `seq ${m.seq}: our cards in the spectator's view: ${JSON.stringify(rest)}`);
      compared++;
    }
    assert.ok(compared > 20, `the spectator's views were compared with our hand at ${compared} seqs`);
    console.log(`spectator: ${views.length} views, ${compared} compared with our hand, ${checked} pages compared`);
    assert.ok(!specFrames.some((m) => m.type === "seated"), "the spectator was never seated");
    assert.deepEqual(spectator.errors, [], "no error in the spectator's page");
  });

  test("the finished game's analysis and its replay, every hand shown", async () => {
    await player.getByTestId("game-over").waitFor();
    await player.getByTestId("analyse").click();
    await player.getByTestId("review").waitFor();
    await player.getByTestId("analysis").waitFor();
    const seats = await player.$$eval('[data-testid="analysis-play"] th', (ths) => [...new Set(ths.map((t) => t.textContent))]);
    assert.equal(seats.length, 4, `every seat's plays once the game is over (${seats})`);
    await player.screenshot({ path: path.join(SHOTS, "review-analysis.png") });
    // Another hand of the game, chosen in the review.
    await player.getByTestId("analysis-round").selectOption("2");
    await player.waitForFunction(() => document.querySelector('[data-testid="analysis-round"]')?.value === "2" && document.querySelectorAll('[data-testid="analysis-play"]').length > 0, null, { polling: POLL_MS });
    await player.getByTestId("review-replay").click();
    await player.getByTestId("replay-count").getByText(/^move 0 of \d+$/).waitFor();
    const steps = Number((await player.getByTestId("replay-count").textContent()).match(/of (\d+)/)[1]);
    assert.ok(steps > 40, `the whole game's moves (${steps})`);
    // Every hand is shown at the deal.
    for (let s = 0; s < 4; s++) assert.equal(await player.locator(`[data-testid="replay-seat-${s}"] .replay-hand .card`).count(), 5, `seat ${s}'s hand`);
    for (let k = 1; k <= 6; k++) {
      await player.getByTestId("replay-next").click();
      await player.getByTestId("replay-count").getByText(`move ${k} of ${steps}`).waitFor();
    }
    assert.match(await player.getByTestId("replay-move").textContent(), /S\d .*: (bid|play|give|pass)/, "the move shown with its player");
    await player.screenshot({ path: path.join(SHOTS, "review-replay.png") });
    await player.getByTestId("replay-end").click();
    await player.getByTestId("replay-count").getByText(`move ${steps} of ${steps}`).waitFor();
    await player.getByTestId("review-close").click();
    assert.equal(await player.getByTestId("review").count(), 0);
    assert.deepEqual(player.errors, [], "no error in the player's page");
  });

  test("the lobby lists the finished game in this browser's history", async () => {
    await player.getByTestId("leave").first().click();
    await player.getByTestId("lobby").waitFor();
    const row = player.locator(`[data-testid="history-row"][data-table="${table}"]`);
    await row.waitFor();
    assert.match(await row.getByTestId("history-result").textContent(), /(won|of 4), -?\d+ points?/);
    assert.equal(await row.getByTestId("history-record").getAttribute("href"), `/record/${table}`);
    await player.screenshot({ path: path.join(SHOTS, "lobby-history.png"), fullPage: true });
    // The replay opens from the history too, and the hands' analysis beside it.
    await row.getByTestId("history-replay").click();
    await player.getByTestId("replay-count").getByText(/^move 0 of \d+$/).waitFor();
    await player.getByTestId("review-analysis").click();
    await player.getByTestId("analysis").waitFor();
    await player.getByTestId("review-close").click();
    assert.deepEqual(player.errors, [], "no error in the player's page");
  });

  after(async () => {
    await player?.context().close();
    await spectator?.context().close();
  });
});

describe("play now", { timeout: 60_000 }, () => {
  test("one click from the lobby to a Reds table against normal computers, then a card played", async () => {
    const page = await newPage();
    const started = Date.now();
    let clicks = 0;
    await page.goto(server.url);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-select"] option').length > 0, null, { polling: POLL_MS });
    await page.getByTestId("game-select").selectOption("reds");
    await page.screenshot({ path: path.join(SHOTS, "play-now-lobby.png") });
    const lobbyTime = Date.now() - started;
    // The rules, from the lobby: the rules page `cardroom rules reds` prints, in a dialog.
    await page.getByTestId("lobby-rules").click();
    await page.getByTestId("rules").getByText("The rules in our words").waitFor();
    assert.ok((await page.locator('[data-testid="rules"] li').count()) > 9, "the numbered rules are listed");
    await page.screenshot({ path: path.join(SHOTS, "rules-lobby.png") });
    await page.getByTestId("rules-close").click();
    assert.equal(await page.getByTestId("rules").count(), 0);
    const rulesTime = Date.now() - started - lobbyTime;
    await page.getByTestId("play-now").click();
    clicks++;
    await page.waitForURL(/\?table=/);
    await page.waitForFunction(() => window.__cr.last !== null, null, { polling: POLL_MS });
    const seats = await page.evaluate(() => window.__cr.last.seats.map((s) => [s.kind, s.player ?? null]));
    assert.equal(seats[0][0], "human");
    assert.deepEqual(seats.slice(1), [["computer", "normal"], ["computer", "normal"], ["computer", "normal"]]);
    // Our first move: a bid in Reds, then (after the exchange) the first card.
    let s = await waitForTurnOrEnd(page);
    const rng = seededRng(3);
    while (!s.over) {
      const card = s.clickable.find((m) => m.startsWith("play "));
      if (card) {
        await page.locator(`[data-testid="hand"] [data-move="${card}"]`).click();
        clicks++;
        break;
      }
      await clickSomeMove(page, s, rng);
      clicks++;
      s = await waitForTurnOrEnd(page);
    }
    await page.waitForFunction(() => (window.__cr.last.view.trick?.seats ?? []).includes(0) || (window.__cr.last.view.tricks ?? []).length > 0, null, { polling: POLL_MS });
    console.log(`play now: the first card played ${((Date.now() - started - rulesTime) / 1000).toFixed(1)} s after opening the page (not counting the rules read on the way), ${clicks} clicks from "Play now" to the card, the game select left at Reds`);
    // The rules at the table, on a phone.
    await page.setViewportSize(PHONE);
    await page.getByTestId("rules-button").click();
    await page.getByTestId("rules").getByText("The rules in our words").waitFor();
    await page.screenshot({ path: path.join(SHOTS, "rules-table-phone.png") });
    await page.getByTestId("rules-close").click();
    await page.screenshot({ path: path.join(SHOTS, "play-now-table.png") });
    assert.deepEqual(page.errors, [], "no error in the page");
    await page.context().close();
  });
});

describe("a private table with a friend", { timeout: 240_000 }, () => {
  test("the host invites from the table; the friend gives a name and sits; they play to the end and play again", async () => {
    const host = await newPage();
    await host.goto(server.url);
    await host.getByTestId("name-input").fill("Hana");
    await host.getByTestId("name-input").dispatchEvent("change");
    await host.waitForFunction(() => document.querySelectorAll('[data-testid="game-select"] option').length > 0, null, { polling: POLL_MS });
    await host.getByTestId("game-select").selectOption("reds");
    await host.getByTestId("option-players").fill("3");
    await host.getByTestId("option-players").dispatchEvent("change");
    await host.getByTestId("option-short_game").setChecked(true);
    await host.waitForFunction(() => document.querySelectorAll('[data-testid^="seat-select-"]').length === 3, null, { polling: POLL_MS });
    const seats = ["me", "open", "normal"];
    for (let i = 0; i < 3; i++) await host.getByTestId(`seat-select-${i}`).selectOption(seats[i]);
    await host.getByTestId("pace-ms").fill("0");
    await host.getByTestId("private").setChecked(true);
    await host.getByTestId("create").click();
    await host.waitForURL(/\?table=/);
    // The invitation is at the table, with a copy button.
    await host.getByTestId("invites").waitFor();
    const link = await host.getByTestId("link-invite-1").inputValue();
    assert.match(link, /[?&]invite=/, "an invitation link for seat 1");
    await host.getByTestId("copy-invite-1").click();
    await host.screenshot({ path: path.join(SHOTS, "private-host-invites.png") });
    const table = new URL(host.url()).searchParams.get("table");

    // A friend (another browser, no name kept) opens the link: asked a name, then seated.
    const friend = await newPage();
    await friend.goto(link);
    await friend.getByTestId("ask-name").waitFor();
    await friend.screenshot({ path: path.join(SHOTS, "private-friend-name.png") });
    await friend.getByTestId("invite-name").fill("Ana");
    await friend.getByTestId("invite-sit").click();
    await friend.waitForFunction(() => window.__cr.seated !== null && window.__cr.last !== null, null, { polling: POLL_MS });
    // Both see each other's names.
    await host.waitForFunction(() => (window.__cr.last?.seats ?? [])[1]?.name === "Ana", null, { polling: POLL_MS });
    const names = await friend.evaluate(() => window.__cr.last.seats.map((s) => s.name));
    assert.equal(names[0], "Hana");
    assert.equal(names[1], "Ana");
    await host.getByTestId("seat-1").getByText("Ana").waitFor();
    await friend.getByTestId("seat-0").getByText("Hana").waitFor();
    await host.screenshot({ path: path.join(SHOTS, "private-host-table.png") });
    // Without the code, nobody watches a private table.
    const stranger = await newPage();
    await stranger.goto(`${server.url}?table=${encodeURIComponent(table)}&watch=1`);
    await stranger.waitForTimeout(800);
    const watched = await stranger.evaluate(() => window.__cr.last !== null);
    assert.equal(watched, false, "a private table is not watched without its code");

    // They play the game to its end, each clicking their own moves. After the first hand the
    // host asks what their cards cost (their own plays only, while the game goes on).
    const rng = seededRng(77);
    const deadline = Date.now() + GAME_MS;
    let analysed = false;
    const over = async (p) => p.evaluate(() => Boolean(window.__cr.last?.over));
    while (!((await over(host)) && (await over(friend)))) {
      assert.ok(Date.now() < deadline, "the game ends in time");
      if (!analysed && (await host.getByTestId("analyse-hand").count())) {
        await host.getByTestId("analyse-hand").click();
        await host.getByTestId("analysis").waitFor();
        const who = await host.$$eval('[data-testid="analysis-play"] th', (ths) => [...new Set(ths.map((t) => t.textContent))]);
        assert.deepEqual(who, ["S0 Hana (you)"], "while the game goes on, only the asker's own plays");
        await host.screenshot({ path: path.join(SHOTS, "review-hand-mid-game.png") });
        await host.getByTestId("review-close").click();
        analysed = true;
      }
      let moved = false;
      for (const p of [host, friend]) {
        const s = await snapshot(p);
        if (s.over || s.pending || s.clickable.length === 0) continue;
        await clickSomeMove(p, s, rng).catch(() => {});
        moved = true;
      }
      if (!moved) await host.waitForTimeout(50);
    }
    assert.ok(analysed, "a hand's analysis was shown mid-game");
    await host.getByTestId("game-over").waitFor();
    await friend.getByTestId("game-over").waitFor();
    await host.waitForTimeout(400); // the panel's entrance
    await host.screenshot({ path: path.join(SHOTS, "private-game-over.png") });

    // Play again: one click; both are seated at the new game, with their names.
    await host.getByTestId("play-again").click();
    for (const p of [host, friend]) await p.waitForFunction((t) => window.__cr.seated?.table !== t && window.__cr.last?.table === window.__cr.seated?.table, table, { polling: POLL_MS });
    const next = await host.evaluate(() => window.__cr.seated.table);
    assert.notEqual(next, table);
    assert.equal(await friend.evaluate(() => window.__cr.seated.table), next, "the friend is at the new game too");
    assert.equal(new URL(friend.url()).searchParams.get("table"), next);
    for (const p of [host, friend]) {
      const m = await p.evaluate(() => window.__cr.last);
      assert.deepEqual(m.seats.map((x) => x.name), ["Hana", "Ana", "normal"], "the same people and computer");
      assert.equal(m.over, false);
      assert.equal(m.started, true, "the new game starts at once");
    }
    await friend.getByTestId("seat-0").getByText("Hana").waitFor();
    await host.screenshot({ path: path.join(SHOTS, "private-play-again-host.png") });
    await friend.screenshot({ path: path.join(SHOTS, "private-play-again-friend.png") });
    for (const p of [host, friend]) assert.deepEqual(p.errors, [], "no error in the page");
    for (const p of [host, friend, stranger]) await p.context().close();
  });
});

describe("a table nobody is at", { timeout: 60_000 }, () => {
  test("pauses, is listed as paused, and goes on when someone comes back", async () => {
    const owner = await newPage();
    // Computers at a pace of a second a move: the game does not end while we look.
    const table = await createFromLobby(owner, "s48", { seats: ["me", "heuristic", "heuristic", "heuristic"], pace: 1000 });
    await owner.context().close();
    const visitor = await newPage();
    const frames = collectFrames(visitor);
    await visitor.goto(server.url);
    const row = visitor.locator(`[data-testid="lobby-row"][data-table="${table}"]`);
    await row.locator(".chip.state-paused").waitFor({ timeout: 20_000 });
    await visitor.screenshot({ path: path.join(SHOTS, "lobby-paused.png") });
    await row.getByTestId("watch").click();
    await visitor.waitForFunction(() => window.__cr.last !== null, null, { polling: POLL_MS });
    const seq = await visitor.evaluate(() => window.__cr.last.seq);
    // Someone is at the table again: the computers play on (the person's seat too, away).
    await visitor.waitForFunction((s) => window.__cr.last.seq > s || window.__cr.last.over, seq, { timeout: 20_000, polling: POLL_MS });
    assert.ok(frames.some((m) => m.type === "update"), "moves arrive again");
    assert.deepEqual(visitor.errors, [], "no error in the page");
    await visitor.context().close();
  });
});

describe("a table of every game", { timeout: 240_000 }, () => {
  test("screenshots of each game's table after a few moves", async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-select"] option').length > 0, null, { polling: POLL_MS });
    const listed = await page.$$eval('[data-testid="game-select"] option', (os) => os.map((o) => o.value));
    assert.ok(listed.length >= 11, `the lobby lists the games (${listed})`);
    // GAMES="reds nuts" narrows the run (while working on a game's table).
    const only = (process.env.GAMES ?? "").split(/[\s,]+/).filter(Boolean);
    const games = only.length ? listed.filter((g) => only.includes(g)) : listed;
    const rng = seededRng(7);
    const files = [];
    for (const game of games) {
      await shootGame(page, game, rng, files).catch((e) => {
        e.message = `${game}: ${e.message}`;
        throw e;
      });
    }
    for (const f of files) console.log(`screenshot ${f}`);
    assert.deepEqual(page.errors, [], "no error in the page");
    await page.context().close();
  });
});

/** The table shows the game's declared layout (core/table_layout.h) and speaks in symbols: every
 * zone of the view is drawn in the play area (the felt, or under it) with each of its face-up
 * cards; no button, status or event shows a bare card code ("QD" where "Q♦" belongs); in an
 * auction (contract bids offered) no card of the hand can be clicked. */
async function checkTable(page, game) {
  const found = await page.evaluate(() => {
    const view = window.__cr.last?.view ?? {};
    const play = document.querySelector('[data-testid="table"] .table-play');
    const missing = [];
    for (const z of Array.isArray(view.layout) ? view.layout : []) {
      if (z.kind === "trick") continue;
      const el = play.querySelector(`[data-zone="${z.id}"]`);
      if (!el) {
        missing.push(`zone ${z.id}`);
        continue;
      }
      const shown = Array.from(el.querySelectorAll("[data-card]")).map((c) => c.dataset.card);
      for (const c of z.cards) if (!shown.includes(c)) missing.push(`${c} of zone ${z.id}`);
    }
    const texts = [
      ...Array.from(document.querySelectorAll('[data-testid="moves"] button')).map((b) => b.textContent),
      ...Array.from(document.querySelectorAll('[data-testid="log"] li')).map((li) => li.textContent),
      document.querySelector('[data-testid="table"] [data-testid="status"]')?.textContent ?? "",
      ...Array.from(document.querySelectorAll('[data-testid="facts"] dd')).map((d) => d.textContent),
    ];
    const bare = texts.filter((t) => /(^|[\s(:,])(10|[2-9TJQKA])[SHDC]($|[\s),:;.])/.test(t));
    const auction = (view.moves ?? []).some((m) => m.strain !== undefined);
    const clickableHand = Array.from(document.querySelectorAll('[data-testid="hand"] .card.playable')).map((c) => c.dataset.card);
    return { zones: (view.layout ?? []).length, status: typeof view.status === "string", missing, bare, auction, clickableHand };
  });
  assert.ok(found.status, `${game}: the view has a status line`);
  assert.ok(found.zones > 0, `${game}: the view declares its table`);
  assert.deepEqual(found.missing, [], `${game}: the play area holds the layout's cards`);
  assert.deepEqual(found.bare, [], `${game}: no bare card codes where symbols belong`);
  if (found.auction) assert.deepEqual(found.clickableHand, [], `${game}: in an auction no hand card is clickable`);
}

/** Creates a table of `game` with the form's default seats ("me" first, heuristic elsewhere),
 * makes a few moves and saves a screenshot of the table. */
async function shootGame(page, game, rng, files) {
  await createFromLobby(page, game);
  const kinds = await page.evaluate(() => window.__cr.last.seats.map((s) => s.kind));
  assert.equal(kinds[0], "human", `${game}: we sit at seat 0`);
  assert.ok(kinds.slice(1).every((k) => k === "computer"), `${game}: computers elsewhere (${kinds})`);
  // A few moves of ours. In real time (Nuts) the computers move at a person's pace, and a
  // seat that said "stuck" waits for them: there a turn that does not come soon ends the moves.
  const realTime = (await page.evaluate(() => window.__cr.last.mode)) === "real_time";
  let s = null;
  for (let i = 0; i <= 3; i++) {
    s = realTime ? await waitForTurnOrEnd(page, 8000).catch(() => null) : await waitForTurnOrEnd(page);
    if (!s) {
      s = await snapshot(page);
      console.log(`${game}: no turn of ours within 8 s after ${i} moves (${s.statusText}); screenshot as it is`);
      break;
    }
    checkOffers(s, `${game} move ${i + 1}`);
    if (s.over || i === 3) break;
    await clickSomeMove(page, s, rng);
  }
  checkOffers(s, `${game} before the screenshot`);
  const wrong = await page.evaluate(() => window.__cr.wrong);
  assert.deepEqual(wrong, [], `${game}: moves offered only when the view says we may move`);
  assert.ok(s.hand.length > 0 || s.over || s.otherCards.length + s.playedCards.length > 0, `${game}: cards are drawn`);
  await checkTable(page, game);
  await page.mouse.move(1, 1); // no card lifted by the pointer's hover
  await page.evaluate(() => window.scrollTo(0, 0)); // the table from its top, not where we clicked
  await page.waitForTimeout(400); // let the fly-in animations settle
  const file = path.join(SHOTS, `${game}.png`);
  await page.screenshot({ path: file });
  files.push(file);
  // The same table on a phone: the play area must be found without scrolling.
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  const phone = path.join(SHOTS, `${game}-phone.png`);
  await page.screenshot({ path: phone });
  files.push(phone);
  await page.setViewportSize(LAPTOP);
  // Play on to the end of the hand: its summary lies on the felt, every seat or team with its
  // points and total (Tadmur is one round: its game-over panel). A Nuts hand at people's pace
  // takes minutes: there the moment is photographed when it comes within the time given.
  if (!s.over) {
    const started = Date.now();
    const moment = await playToMoment(page, rng, 400, realTime ? 90_000 : Infinity);
    if (realTime && !moment) {
      console.log(`${game}: no hand ended within ${Math.round((Date.now() - started) / 1000)} s; no summary screenshot`);
      return;
    }
    assert.ok(moment, `${game}: the hand ended within 400 of our moves`);
    const rows = await page.$$eval('[data-testid="hand-summary"] tbody tr, [data-testid="game-over"] tbody tr', (trs) => trs.length);
    const units = await page.evaluate(() => {
      const v = window.__cr.last.view;
      const lr = v.last_round ?? {};
      return Array.isArray(lr.team_points) ? lr.team_points.length : v.scores.length + (v.house ? 1 : 0);
    });
    assert.equal(rows, units, `${game}: the summary lists every seat or team`);
    await checkTable(page, game);
    await page.mouse.move(1, 1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    const summary = path.join(SHOTS, `${game}-summary.png`);
    await page.screenshot({ path: summary });
    files.push(summary);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(200);
    const summaryPhone = path.join(SHOTS, `${game}-summary-phone.png`);
    await page.screenshot({ path: summaryPhone });
    files.push(summaryPhone);
    await page.setViewportSize(LAPTOP);
  }
}
