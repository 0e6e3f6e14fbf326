// Smoke test of the page's drawing, without a browser: renders every fixture (make_fixtures.py)
// in jsdom and checks what the page promises: the hand face up, every legal move reachable as a
// card or a button and sent with its code and the view's seq, a panel per seat, the trick's
// cards, the lobby's create form. jsdom is not a dependency of the page; install it anywhere and
// point JSDOM_DIR at the folder holding its node_modules:
//   (cd /tmp/j && npm i jsdom) && JSDOM_DIR=/tmp/j node dev/smoke.mjs
import * as esbuild from "esbuild";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const require = createRequire(path.join(process.env.JSDOM_DIR ?? ".", "noop.js"));
const { JSDOM } = require("jsdom");

const bundle = await esbuild.build({
  entryPoints: [path.join(here, "smoke_entry.ts")],
  bundle: true,
  write: false,
  format: "iife",
  globalName: "Page",
  // A script's top-level var is not a window property under jsdom's eval: publish it.
  footer: { js: "window.Page = Page;" },
  target: "es2020",
});
const code = bundle.outputFiles[0].text;

const fixtures = JSON.parse(readFileSync(path.join(here, "fixtures/index.json"), "utf8"));
let passed = 0;
let failed = 0;
function check(name, ok, detail = "") {
  if (ok) passed++;
  else {
    failed++;
    console.log(`FAIL ${name}${detail ? ": " + detail : ""}`);
  }
}

function newWindow() {
  const dom = new JSDOM(`<!doctype html><html><body><div id="app"></div></body></html>`, {
    url: "http://localhost:8080/",
    runScripts: "outside-only",
    pretendToBeVisual: true,
  });
  dom.window.eval(code);
  return dom.window;
}

for (const name of fixtures) {
  const msg = JSON.parse(readFileSync(path.join(here, "fixtures", name), "utf8"));
  const w = newWindow();
  const sent = [];
  let table;
  try {
    table = new w.Page.TableView({
      move: (m, seq) => sent.push({ code: m.code, text: m.text, seq }),
      hint: () => {},
      chat: () => {},
      leave: () => {},
    });
    w.document.body.appendChild(table.root);
    table.setTable(msg);
  } catch (e) {
    check(`${name} renders`, false, e.stack);
    continue;
  }
  const doc = w.document;
  const v = msg.view;
  if (Array.isArray(v.hand)) {
    const cards = [...doc.querySelectorAll('[data-testid="hand"] .card')].map((c) => c.dataset.card);
    check(`${name} hand`, cards.length === v.hand.length && [...cards].sort().join() === [...v.hand].sort().join(), `${cards} vs ${v.hand}`);
  }
  const panels = doc.querySelectorAll(".seat-panel").length;
  check(`${name} seat panels`, panels === msg.seats.length + (v.house ? 1 : 0), `${panels}`);
  const trickCards = doc.querySelectorAll('[data-testid="trick"] .card').length;
  check(`${name} trick`, trickCards === (v.trick?.cards?.length ?? 0), `${trickCards}`);
  check(`${name} status`, doc.querySelector('[data-testid="status"]').textContent.length > 0);

  // Every legal move reachable: a button, a card with its move, or a button shown once the card
  // it names is chosen.
  const reach = new Set();
  const collect = () => {
    for (const el of doc.querySelectorAll("[data-move]")) reach.add(el.dataset.move);
  };
  collect();
  for (const card of doc.querySelectorAll('[data-testid="hand"] .card.playable:not([data-move])')) {
    card.dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
    collect();
    const again = doc.querySelector(`[data-testid="hand"] .card.selected`);
    if (again) again.dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
  }
  const missing = msg.legal.filter((m) => !reach.has(m.text)).map((m) => m.text);
  check(`${name} moves reachable`, missing.length === 0, missing.join(", "));
  const hidden = [...doc.querySelectorAll("[data-move]")].filter((el) => !msg.legal.some((m) => m.text === el.dataset.move));
  check(`${name} no made-up moves`, hidden.length === 0);

  // A click sends the move's code and the view's seq, and locks the moves until the update.
  const first = doc.querySelector(".card.playable[data-move]") ?? doc.querySelector("button.move[data-move]");
  if (first && msg.legal.length) {
    first.dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
    const m = msg.legal.find((x) => x.text === first.dataset.move);
    check(`${name} move sent`, sent.length === 1 && sent[0].code === m.code && sent[0].seq === msg.seq, JSON.stringify(sent));
    first.dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
    check(`${name} one move per update`, sent.length === 1);
  }
  // An update with a later view redraws; an older one is ignored.
  try {
    table.applyUpdate({ type: "update", table: msg.table, seq: msg.seq + 1, events: [{ kind: "play", seat: 1, card: "AS", text: "S1 plays AS" }, { kind: "score", seat: 0, points: -3, text: "S0 scores -3" }, { kind: "bid", seat: 1, amount: 2, text: "S1 bids 2" }], view: msg.view, legal: [], turn: null, over: msg.over, record: null });
    table.applyUpdate({ type: "update", table: msg.table, seq: msg.seq, events: [], view: { ...msg.view, hand: [] }, legal: msg.legal, turn: null, over: false, record: null });
    check(`${name} stale update ignored`, doc.querySelectorAll('[data-testid="hand"] .card').length === (Array.isArray(v.hand) ? v.hand.length : 0));
    check(`${name} no moves after update`, doc.querySelectorAll("button.move:not([disabled])").length === 0);
  } catch (e) {
    check(`${name} update`, false, e.stack);
  }
  w.close();
}

// The lobby: every game's form, and a create with its game string and seats.
{
  const w = newWindow();
  const games = JSON.parse(readFileSync(path.join(here, "fixtures/games.json"), "utf8"));
  const lobbyMsg = JSON.parse(readFileSync(path.join(here, "fixtures/lobby.json"), "utf8"));
  const created = [];
  const lobby = new w.Page.LobbyView({ create: (...a) => created.push(a), join() {}, watch() {}, resume() {}, forget() {}, setName() {} }, "Ada");
  w.document.body.appendChild(lobby.root);
  lobby.setGames(games);
  lobby.setTables(lobbyMsg.tables);
  const doc = w.document;
  check("lobby rows", doc.querySelectorAll('[data-testid="lobby-row"]').length === lobbyMsg.tables.length);
  const select = doc.querySelector('[data-testid="game-select"]');
  check("game select", select.options.length === games.games.length);
  for (const g of games.games) {
    select.value = g.name;
    select.dispatchEvent(new w.Event("change"));
    const seats = doc.querySelectorAll('[data-testid^="seat-select-"]').length;
    check(`lobby ${g.name} seats`, seats >= 1, `${seats}`);
    check(`lobby ${g.name} options`, doc.querySelectorAll("[data-option]").length === g.options.length);
  }
  select.value = "reds";
  select.dispatchEvent(new w.Event("change"));
  const players = doc.querySelector('[data-option="players"]');
  players.value = "5";
  players.dispatchEvent(new w.Event("change"));
  const s1 = doc.querySelector('[data-testid="seat-select-1"]');
  s1.value = "open";
  s1.dispatchEvent(new w.Event("change"));
  doc.querySelector('[data-testid="create"]').dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
  const c = created[0];
  check("create", c && c[0] === "reds(players=5)" && c[1].length === 5 && c[1][0] === "me" && c[1][1] === "open", JSON.stringify(created));
  w.close();
}

// The controller (src/main.ts) over a fake WebSocket: the address, tokens, reconnecting.
{
  const app = (
    await esbuild.build({ entryPoints: [path.join(here, "../src/main.ts")], bundle: true, write: false, format: "iife", target: "es2020" })
  ).outputFiles[0].text;
  const tableMsg = JSON.parse(readFileSync(path.join(here, "fixtures/reds_1.json"), "utf8"));
  const games = JSON.parse(readFileSync(path.join(here, "fixtures/games.json"), "utf8"));

  // Loads the page at `url` with `stored` in localStorage; returns the window and its sockets.
  function page(url, stored = {}) {
    const dom = new JSDOM(`<!doctype html><html><body><div id="app"></div></body></html>`, { url, runScripts: "outside-only", pretendToBeVisual: true });
    const w = dom.window;
    for (const [k, v] of Object.entries(stored)) w.localStorage.setItem(k, v);
    const sockets = [];
    class FakeSocket {
      static OPEN = 1;
      constructor(u) {
        this.url = u;
        this.readyState = 0;
        this.sent = [];
        sockets.push(this);
      }
      send(text) {
        this.sent.push(JSON.parse(text));
      }
      serverOpen() {
        this.readyState = 1;
        this.onopen?.();
      }
      serverSend(msg) {
        this.onmessage?.({ data: JSON.stringify(msg) });
      }
      serverClose() {
        this.readyState = 3;
        this.onclose?.();
      }
    }
    w.WebSocket = FakeSocket;
    w.eval(app);
    return { w, sockets };
  }
  const types = (ws) => ws.sent.map((m) => m.type).join(",");

  {
    const { w, sockets } = page("http://room.test/?table=t-reds&invite=abc");
    check("socket url", sockets.length === 1 && sockets[0].url === "ws://room.test/ws", sockets[0]?.url);
    sockets[0].serverOpen();
    const join = sockets[0].sent.find((m) => m.type === "join");
    check("invite joins", join && join.table === "t-reds" && join.invite === "abc", types(sockets[0]));
    sockets[0].serverSend(games);
    sockets[0].serverSend({ type: "seated", table: "t-reds", seat: 0, token: "tok1" });
    sockets[0].serverSend(tableMsg);
    check("token kept", w.localStorage.getItem("cardroom.token.t-reds") === "tok1");
    check("address rewritten", w.location.search === "?table=t-reds", w.location.search);
    check("table shown", w.document.querySelector('[data-testid="table"]') !== null);
    const card = w.document.querySelector('[data-testid="hand"] .card.playable[data-move]');
    if (card) {
      card.dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
      const mv = sockets[0].sent.find((m) => m.type === "move");
      check("move message", mv && mv.table === "t-reds" && typeof mv.code === "string" && mv.seq === tableMsg.seq, JSON.stringify(mv));
    }
    w.document.querySelector('[data-testid="hint"]').dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
    const input = w.document.querySelector('[data-testid="chat-input"]');
    input.value = "hello";
    w.document.querySelector('[data-testid="chat-send"]').dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
    const chat = sockets[0].sent.find((m) => m.type === "chat");
    check("chat message", chat && chat.text === "hello" && chat.to === "table", JSON.stringify(chat));
    // The connection drops: a new socket after the backoff, which resumes with the token.
    sockets[0].serverClose();
    check("banner", !w.document.querySelector('[data-testid="connection"]').hidden);
    await new Promise((r) => setTimeout(r, 1000));
    check("reconnects", sockets.length === 2, `${sockets.length}`);
    if (sockets[1]) {
      sockets[1].serverOpen();
      const resume = sockets[1].sent.find((m) => m.type === "resume");
      check("resumes", resume && resume.token === "tok1" && types(sockets[1]).startsWith("games"), types(sockets[1]));
    }
    w.close();
  }
  {
    // A reload: the token is in storage, the address has the table only.
    const { w, sockets } = page("http://room.test/?table=t-reds", { "cardroom.token.t-reds": "tok1" });
    sockets[0].serverOpen();
    check("reload resumes", sockets[0].sent.some((m) => m.type === "resume" && m.token === "tok1"), types(sockets[0]));
    // The server refuses the token: it is forgotten and the page watches.
    sockets[0].serverSend({ type: "error", message: "unknown token" });
    check("bad token forgotten", w.localStorage.getItem("cardroom.token.t-reds") === null);
    check("then watches", sockets[0].sent.some((m) => m.type === "watch" && m.table === "t-reds"), types(sockets[0]));
    w.close();
  }
  {
    const { w, sockets } = page("http://room.test/?table=t-reds&watch=1");
    sockets[0].serverOpen();
    check("watch link", sockets[0].sent.some((m) => m.type === "watch" && m.table === "t-reds"), types(sockets[0]));
    w.close();
  }
  {
    // The lobby: asks for games and tables; creating sends the form.
    const { w, sockets } = page("http://room.test/");
    sockets[0].serverOpen();
    check("lobby asks", types(sockets[0]) === "games,lobby", types(sockets[0]));
    sockets[0].serverSend(games);
    sockets[0].serverSend(JSON.parse(readFileSync(path.join(here, "fixtures/lobby.json"), "utf8")));
    w.document.querySelector('[data-testid="create"]').dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
    const create = sockets[0].sent.find((m) => m.type === "create");
    check("create message", create && create.game === games.games[0].name && create.seats[0] === "me", JSON.stringify(create));
    sockets[0].serverSend({ type: "created", table: "t9", invites: { 1: "inv1" } });
    check("invite link", w.document.querySelector('[data-testid="invite-1"]')?.getAttribute("href") === "http://room.test/?table=t9&invite=inv1");
    w.document.querySelector('[data-testid="watch"]').dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
    check("watch button", sockets[0].sent.some((m) => m.type === "watch" && m.table === "t-reds"), types(sockets[0]));
    w.close();
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
