// The page's controller: one connection, the lobby or one table at a time, and the seat tokens.
//
// Where the page is comes from the address: `/?table=T&invite=CODE` joins by invitation,
// `/?table=T&watch=1` watches, `/?table=T` resumes with the token this browser keeps for T (else
// watches). Once at a table the address is rewritten to the plain `/?table=T` (or `&watch=1`) so
// that a reload resumes the seat rather than spending the invitation again.
import { Connection, type ConnectionStatus } from "./socket";
import { LobbyView } from "./lobby";
import { TableView } from "./table";
import type { GameInfo, ServerMsg } from "./protocol";
import { h } from "./dom";
import { showRules } from "./rules";
import { Review } from "./review";

const TOKEN_PREFIX = "cardroom.token.";
const NAME_KEY = "cardroom.name";
const INVITES_PREFIX = "cardroom.invites.";
const KEY_KEY = "cardroom.key";

/** This browser's random key: the room keeps its hash with each seat taken, and lists the
 * finished games of that key (`history`). Made once; without storage, one per page load. */
function browserKey(): string {
  const kept = storage()?.getItem(KEY_KEY);
  if (kept && kept.length >= 16) return kept;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  storage()?.setItem(KEY_KEY, key);
  return key;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private modes may refuse storage: the page still works, without resuming
  }
}

function tokenFor(table: string): string | null {
  return storage()?.getItem(TOKEN_PREFIX + table) ?? null;
}

function myTables(): string[] {
  const s = storage();
  if (!s) return [];
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(TOKEN_PREFIX)) out.push(k.slice(TOKEN_PREFIX.length));
  }
  return out.sort();
}

type Place =
  | { kind: "lobby" }
  | { kind: "seat"; table: string }
  | { kind: "watch"; table: string; code?: string }
  | { kind: "invite"; table: string; invite: string };

class App {
  private conn: Connection;
  private lobby: LobbyView;
  private table: TableView;
  private place: Place;
  private banner = h("div", { class: "banner", "data-testid": "connection", hidden: true });
  private main = h("main", {});
  private name = storage()?.getItem(NAME_KEY) ?? "";
  private key = browserKey();
  private games: GameInfo[] = [];
  private review: Review | null = null;

  constructor(root: HTMLElement) {
    this.lobby = new LobbyView(
      {
        create: (game, seats, turnSeconds, paceMs, isPrivate) =>
          this.conn.send({
            type: "create",
            game,
            seats,
            name: this.name || undefined,
            turn_seconds: turnSeconds || undefined,
            pace_ms: paceMs || undefined,
            private: isPrivate || undefined,
            key: this.key,
          }),
        join: (table) => this.go({ kind: "seat", table }),
        watch: (table) => this.go({ kind: "watch", table }),
        resume: (table) => this.go({ kind: "seat", table }),
        forget: (table) => {
          storage()?.removeItem(TOKEN_PREFIX + table);
          this.lobby.setMine(myTables());
        },
        setName: (name) => {
          this.name = name;
          storage()?.setItem(NAME_KEY, name);
        },
        rules: (game, title) => showRules(game, title),
        replay: (g) => {
          // From the history: the replay, and each hand's analysis where the game has a solver.
          const rounds = g.result?.rounds ?? 0;
          const solver = this.gameInfo(g.game)?.solver === true;
          this.openReview(g.table, g.title || g.game, g.seats.length, (s) => g.seats[s]?.name || `S${s}`, true, solver, rounds, rounds, "replay");
        },
      },
      this.name,
    );
    this.table = new TableView({
      move: (m, seq) =>
        this.atTable((table) => this.conn.send(seq === null ? { type: "move", table, code: m.code } : { type: "move", table, code: m.code, seq })),
      hint: () => this.atTable((table) => this.conn.send({ type: "hint", table })),
      chat: (text, to) => this.atTable((table) => this.conn.send({ type: "chat", table, text, to })),
      leave: () => {
        this.atTable((table) => this.conn.send({ type: "leave", table }));
        this.go({ kind: "lobby" });
      },
      again: (replace) => this.atTable((table) => this.conn.send({ type: "again", table, replace })),
      review: (mode, round) => {
        const m = this.table.message;
        if (!m) return;
        const info = this.gameInfo(m.game);
        const rounds = this.table.roundsOver;
        this.openReview(m.table, m.title || m.game, m.seats.length, this.table.seatLabel, m.over && m.record !== null, info?.solver === true, rounds, round || rounds, mode);
      },
      rules: () => {
        const m = this.table.message;
        if (!m) return;
        const info = this.gameInfo(m.game);
        showRules(info?.name ?? m.game.split("(")[0]!, m.title || m.game);
      },
    });
    this.lobby.setMine(myTables());
    root.append(this.banner, this.main);
    this.place = App.placeFromAddress();
    this.conn = new Connection(Connection.pageUrl(), (m) => this.onMessage(m), () => this.onOpen(), (s, ms) => this.onStatus(s, ms));
    this.show();
    this.conn.open();
    window.setInterval(() => this.table.tick(), 250);
  }

  private gameInfo(gameString: string): GameInfo | undefined {
    const name = gameString.split("(")[0];
    return this.games.find((g) => g.name === name);
  }

  /** The review over the page: the replay of a finished game, the analysis of a hand. */
  private openReview(table: string, title: string, seats: number, seatLabel: (s: number) => string, over: boolean, solver: boolean, rounds: number, round: number, mode: "replay" | "analysis"): void {
    this.review?.close();
    this.review = new Review(
      {
        replay: (t, step) => this.conn.send({ type: "replay", table: t, step, id: "review" }),
        analysis: (t, r) => this.conn.send({ type: "analysis", table: t, round: r || undefined, id: "review" }),
      },
      { table, title, seats, seatLabel, over, solver, rounds, round },
      mode,
      () => (this.review = null),
    );
    document.body.append(this.review.root);
  }

  static placeFromAddress(): Place {
    const q = new URLSearchParams(location.search);
    const table = q.get("table");
    if (!table) return { kind: "lobby" };
    const invite = q.get("invite");
    if (invite) return { kind: "invite", table, invite };
    // `watch=1` for a public table; a private table's link carries its code instead.
    const watch = q.get("watch");
    if (watch) return { kind: "watch", table, code: watch === "1" ? undefined : watch };
    return { kind: "seat", table };
  }

  private atTable(f: (table: string) => boolean | void): void {
    const t = this.place.kind === "lobby" ? null : this.place.table;
    if (t && f(t) === false) this.table.flashStatus("not connected: the move was not sent", true);
  }

  /** Moves to a place: asks the server for it, and shows the lobby or the table. */
  private go(place: Place): void {
    this.place = place;
    this.enter();
    this.show();
  }

  /** Asks the server for the current place: after a move within the page and after every
   * (re)connection, since a new socket has no table. */
  private enter(): void {
    const p = this.place;
    if (p.kind === "lobby") {
      history.replaceState(null, "", location.pathname);
      this.conn.send({ type: "lobby" });
      this.conn.send({ type: "history", key: this.key });
      return;
    }
    if (p.kind === "invite") {
      // A friend opening an invitation gives a name first (kept by this browser), then sits.
      if (!this.name) return this.askName(p.table, p.invite);
      this.conn.send({ type: "join", table: p.table, invite: p.invite, name: this.name, key: this.key });
      return;
    }
    if (p.kind === "watch") {
      const watch = encodeURIComponent(p.code ?? "1");
      history.replaceState(null, "", `${location.pathname}?table=${encodeURIComponent(p.table)}&watch=${watch}`);
      this.conn.send(p.code ? { type: "watch", table: p.table, code: p.code } : { type: "watch", table: p.table });
      return;
    }
    history.replaceState(null, "", `${location.pathname}?table=${encodeURIComponent(p.table)}`);
    const token = tokenFor(p.table);
    if (token) this.conn.send({ type: "resume", table: p.table, token });
    else this.conn.send({ type: "join", table: p.table, name: this.name || undefined, key: this.key });
  }

  /** Asks a person opening an invitation for a name, once; then joins with it. */
  private askName(table: string, invite: string): void {
    const input = h("input", { type: "text", maxlength: 40, placeholder: "your name", "data-testid": "invite-name", "aria-label": "your name", required: true }) as HTMLInputElement;
    const form = h(
      "form",
      {
        class: "panel ask-name",
        "data-testid": "ask-name",
        onsubmit: (e: Event) => {
          e.preventDefault();
          const name = input.value.trim().slice(0, 40);
          if (!name) return;
          this.name = name;
          storage()?.setItem(NAME_KEY, name);
          this.lobby.setNameValue(name);
          this.main.replaceChildren(this.table.root);
          this.conn.send({ type: "join", table, invite, name, key: this.key });
        },
      },
      h("h2", {}, "You are invited to a table"),
      h("p", {}, "Your name, as the other players will see it:"),
      input,
      h("button", { type: "submit", class: "primary", "data-testid": "invite-sit" }, "Sit down"),
    );
    this.main.replaceChildren(form);
    input.focus();
  }

  private show(): void {
    const atTable = this.place.kind !== "lobby";
    if (this.place.kind === "invite" && !this.name) return; // askName holds the page
    this.main.replaceChildren(atTable ? this.table.root : this.lobby.root);
    document.title = atTable ? `Cardroom · ${this.place.kind === "lobby" ? "" : this.place.table}` : "Cardroom";
  }

  private onOpen(): void {
    this.conn.send({ type: "games" });
    this.enter();
  }

  private onStatus(status: ConnectionStatus, retryInMs?: number): void {
    this.banner.hidden = status === "open";
    this.banner.textContent =
      status === "connecting" ? "Connecting…" : `Connection lost: trying again in ${Math.max(1, Math.round((retryInMs ?? 0) / 1000))} s`;
  }

  private onMessage(m: ServerMsg): void {
    switch (m.type) {
      case "games":
        this.games = m.games;
        this.lobby.setGames(m);
        if (this.table.message) {
          const info = this.gameInfo(this.table.message.game);
          this.table.setGameInfo((info?.levels ?? []).map((l) => l.name), info?.solver === true);
        }
        break;
      case "history":
        this.lobby.setHistory(m.games);
        break;
      case "again":
        // The people are seated at the new table (`seated` follows); a spectator follows it.
        if (this.place.kind === "watch" && this.place.table === m.table) this.go({ kind: "watch", table: m.next, code: m.watch });
        else if (this.place.kind !== "lobby" && this.place.table === m.table) this.table.flashStatus(`${m.by} started a new game`, false);
        break;
      case "replay":
        this.review?.showReplay(m);
        break;
      case "analysis":
        this.review?.showAnalysis(m);
        break;
      case "lobby":
        this.lobby.setTables(m.tables, m.total);
        break;
      case "created":
        this.lobby.showInvites(m.table, m.invites, m.watch);
        // The host keeps the invitations at the table too (and across a reload).
        storage()?.setItem(INVITES_PREFIX + m.table, JSON.stringify({ invites: m.invites, watch: m.watch ?? null }));
        this.table.setInvites(m.table, m.invites, m.watch);
        break;
      case "paused":
        if (this.table.tableId === m.table)
          this.table.flashStatus(m.paused ? (m.message ?? "the table is paused") : "the table goes on", m.paused);
        break;
      case "closed":
        if (this.place.kind !== "lobby" && this.place.table === m.table) {
          this.go({ kind: "lobby" });
          this.lobby.flash(m.message);
        }
        break;
      case "seated":
        storage()?.setItem(TOKEN_PREFIX + m.table, m.token);
        this.lobby.setMine(myTables());
        if (this.place.kind === "lobby" || this.place.table !== m.table || this.place.kind !== "seat") {
          this.place = { kind: "seat", table: m.table };
          history.replaceState(null, "", `${location.pathname}?table=${encodeURIComponent(m.table)}`);
          this.show();
        }
        break;
      case "table":
        if (this.place.kind === "lobby" || this.place.table !== m.table) return;
        {
          const kept = storage()?.getItem(INVITES_PREFIX + m.table);
          if (kept) {
            try {
              const k = JSON.parse(kept) as { invites: { [seat: string]: string }; watch: string | null };
              this.table.setInvites(m.table, k.invites, k.watch ?? undefined);
            } catch {
              /* a damaged entry: no invitations shown */
            }
          }
        }
        {
          const info = this.gameInfo(m.game);
          this.table.setGameInfo((info?.levels ?? []).map((l) => l.name), info?.solver === true);
        }
        this.table.setTable(m);
        break;
      case "update":
        this.table.applyUpdate(m);
        break;
      case "hint":
        this.table.showHint(m);
        break;
      case "chat":
        if (this.table.tableId === m.table) this.table.addChat(m);
        break;
      case "error":
        if (m.ref === "review" && this.review) this.review.showError(m.message);
        else this.onError(m.message);
        break;
    }
  }

  private onError(message: string): void {
    const p = this.place;
    // Refused before reaching the table: a resume with an old token (forget it), a join of a full
    // table, a spent invitation. Watching works for any table that still exists, so fall back to
    // it; a watch refused too means the table is gone, and the error is shown there.
    if ((p.kind === "seat" || p.kind === "invite") && this.table.tableId !== p.table) {
      storage()?.removeItem(TOKEN_PREFIX + p.table);
      this.lobby.setMine(myTables());
      this.go({ kind: "watch", table: p.table });
      this.table.flashStatus(message, true);
      return;
    }
    if (p.kind === "lobby") this.lobby.flash(message);
    else this.table.flashStatus(message, true);
  }
}

new App(document.getElementById("app") ?? document.body);
