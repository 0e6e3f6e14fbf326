// The lobby: the open tables (join, watch), the tables this browser holds a seat at (resume), and
// the form that creates a table from the `games` message (a game, its options, who sits where, a
// turn timer, private or listed).
import { h, fill, type Child } from "./dom";
import type { GameInfo, GamesMsg, HistoryGame, LobbyTable, OptionSpec, Seat } from "./protocol";

export interface LobbyActions {
  create(game: string, seats: string[], turnSeconds: number, paceMs: number, isPrivate: boolean): void;
  join(table: string): void;
  watch(table: string): void;
  resume(table: string): void;
  forget(table: string): void;
  setName(name: string): void;
  /** The rules of a game (its registry name), in a panel over the page. */
  rules(game: string, title: string): void;
  /** The replay of a finished game from the history. */
  replay(game: HistoryGame): void;
}

/** A finished game's result for the one who played it: "1st of 4, 52 points", "won", "abandoned". */
function resultText(g: HistoryGame): string {
  const r = g.result;
  if (!r) return "";
  if (r.ended === "abandoned") return "abandoned (nobody came back)";
  const me = g.mine[0];
  if (me === undefined) return "";
  const winners = new Set(r.winners ?? []);
  const teamOf = r.teams ?? null;
  const scores = teamOf && r.team_scores ? r.team_scores : r.scores ?? [];
  const mine = teamOf && r.team_scores ? r.team_scores[teamOf[me] ?? 0] : r.scores?.[me];
  const won = winners.has(me);
  const points = mine === undefined ? "" : `, ${mine} ${Math.abs(mine) === 1 ? "point" : "points"}`;
  if (scores.length < 2 || mine === undefined) return won ? "won" : winners.size ? "lost" : "";
  const better = scores.filter((x) => x > mine).length;
  const place = won ? 1 : better + 1;
  const suffix = place === 1 ? "st" : place === 2 ? "nd" : place === 3 ? "rd" : "th";
  return `${won ? "won" : `${place}${suffix} of ${scores.length}`}${points}`;
}


function seatSummary(seats: Seat[]): string {
  return seats.map((s) => (s.kind === "open" ? "open" : s.kind === "computer" ? s.player ?? s.name : s.name)).join(" · ");
}

export class LobbyView {
  readonly root: HTMLElement;
  private games: GameInfo[] = [];
  private players: string[] = [];
  private tables: LobbyTable[] = [];
  /** Public tables in all: the server sends one page of them. */
  private total = 0;
  private mine: string[] = [];
  private finished = new Set<string>();
  private list = h("div", { class: "lobby-list", "data-testid": "lobby-tables" });
  private mineEl = h("div", { class: "lobby-mine", "data-testid": "my-tables" });
  private historyEl = h("section", { class: "panel history", "data-testid": "history", hidden: true });
  private form = h("form", { class: "create-form", "data-testid": "create-form" });
  private invitesEl = h("div", { class: "invites", "data-testid": "invites" });
  private gameSelect = h("select", { "data-testid": "game-select", "aria-label": "game" }) as HTMLSelectElement;
  private optionsEl = h("div", { class: "options" });
  private seatsEl = h("div", { class: "seats", "data-testid": "seat-list" });
  private timerInput = h("input", { type: "number", min: 0, max: 600, value: 0, "data-testid": "turn-seconds" }) as HTMLInputElement;
  /** A pause before each computer move, so that people can follow the play. */
  private paceInput = h("input", { type: "number", min: 0, max: 5000, step: 100, value: 600, "data-testid": "pace-ms" }) as HTMLInputElement;
  // Real-time games: the computers' speed as the CLI's --speed levels, 1 (slow) to 5 (fast).
  private speedInput = h(
    "select",
    { "data-testid": "speed" },
    [1, 2, 3, 4, 5].map((n) => h("option", { value: n, selected: n === 3 }, `${n}${n === 1 ? " (slow)" : n === 5 ? " (fast)" : ""}`)),
  ) as HTMLSelectElement;
  private privateInput = h("input", { type: "checkbox", "data-testid": "private" }) as HTMLInputElement;
  private seatValues: string[] = [];
  private note = h("div", { class: "lobby-note", "data-testid": "status", role: "status", "aria-live": "polite" });

  private nameInput: HTMLInputElement;

  /** The name given elsewhere (an invitation's question) shown in the lobby's field too. */
  setNameValue(name: string): void {
    this.nameInput.value = name;
  }

  constructor(private readonly actions: LobbyActions, name: string) {
    const nameInput = h("input", {
      type: "text",
      value: name,
      maxlength: 40,
      placeholder: "your name",
      "data-testid": "name-input",
      onchange: (e: Event) => actions.setName((e.target as HTMLInputElement).value.trim()),
    }) as HTMLInputElement;
    this.nameInput = nameInput;
    this.gameSelect.addEventListener("change", () => this.renderForm(true));
    this.form.addEventListener("submit", (e) => this.submit(e));
    this.root = h(
      "div",
      { class: "lobby", "data-testid": "lobby" },
      h("header", { class: "lobby-header" }, h("h1", {}, "Cardroom"), h("label", { class: "name" }, "Name ", nameInput)),
      this.note,
      h(
        "div",
        { class: "lobby-main" },
        h("div", { class: "lobby-column" }, h("section", { class: "panel" }, h("h2", {}, "Tables"), this.mineEl, this.list), this.historyEl),
        h("section", { class: "panel" }, h("h2", {}, "New table"), this.form, this.invitesEl),
      ),
    );
    this.renderList();
  }

  /** A message for the lobby's status line: the server's errors (a refused create). */
  flash(text: string): void {
    this.note.textContent = text;
  }

  setGames(msg: GamesMsg): void {
    this.games = msg.games;
    this.players = msg.players;
    const current = this.gameSelect.value;
    fill(this.gameSelect, this.games.map((g) => h("option", { value: g.name }, g.title || g.name)));
    if (this.games.some((g) => g.name === current)) this.gameSelect.value = current;
    this.renderForm(true);
  }

  setTables(tables: LobbyTable[], total?: number): void {
    this.tables = tables;
    this.total = total ?? tables.length;
    this.renderList();
  }

  /** The tables this browser holds a seat token for (main.ts keeps them). */
  setMine(tables: string[]): void {
    this.mine = tables;
    this.renderList();
  }

  /** This browser's finished games (the room keeps them; the browser keeps its key). */
  setHistory(games: HistoryGame[]): void {
    // A finished game's seat is not one to resume: it is listed here instead.
    this.finished = new Set(games.map((g) => g.table));
    this.renderList();
    this.historyEl.hidden = games.length === 0;
    const when = (ms: number) => (ms ? new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "");
    fill(
      this.historyEl,
      h("h2", {}, "Your games"),
      h(
        "ul",
        { class: "history-list" },
        games.map((g) =>
          h(
            "li",
            { class: "history-row", "data-testid": "history-row", "data-table": g.table },
            h("div", {}, h("b", {}, g.title || g.game), " ", h("span", { class: "dim" }, when(g.finished_ms))),
            h("div", { class: "dim" }, g.seats.map((s) => (g.mine.includes(s.seat) ? `${s.name} (you)` : s.kind === "computer" ? `computer, ${s.player ?? s.name}` : s.name || "open")).join(" · ")),
            h(
              "div",
              { class: "history-actions" },
              h("span", { class: "history-result", "data-testid": "history-result" }, resultText(g)),
              h("button", { type: "button", class: "secondary", "data-testid": "history-replay", onclick: () => this.actions.replay(g) }, "Replay"),
              h("a", { class: "button secondary", href: g.record, download: `${g.table}.json`, "data-testid": "history-record" }, "Record"),
            ),
          ),
        ),
      ),
    );
  }

  /** After `created`: the invitation links of the open seats, to send to friends. */
  showInvites(table: string, invites: { [seat: string]: string }, watchCode?: string): void {
    const base = `${location.origin}${location.pathname}`;
    const links = Object.entries(invites).map(([seat, code]) => {
      const url = `${base}?table=${encodeURIComponent(table)}&invite=${encodeURIComponent(code)}`;
      return h("li", {}, `S${seat}: `, h("a", { href: url, "data-testid": `invite-${seat}` }, url));
    });
    // A private table is watched only with its code.
    const watch = `${base}?table=${encodeURIComponent(table)}&watch=${encodeURIComponent(watchCode ?? "1")}`;
    fill(
      this.invitesEl,
      links.length ? h("p", {}, "Invitation links (one per open seat):") : null,
      links.length ? h("ul", {}, links) : null,
      h("p", {}, "Spectators: ", h("a", { href: watch }, watch)),
    );
  }

  private renderList(): void {
    const rows: Child[] = this.tables.map((t) => {
      const open = t.seats.some((s) => s.kind === "open");
      const state = t.over ? "over" : t.paused ? "paused" : t.started ? "playing" : "waiting";
      return h(
        "div",
        { class: "lobby-row", "data-testid": "lobby-row", "data-table": t.table },
        h("div", { class: "lobby-title" }, h("b", {}, t.title || t.game), h("span", { class: `chip state-${state}` }, state)),
        h("div", { class: "lobby-seats dim" }, seatSummary(t.seats), t.spectators ? ` · ${t.spectators} watching` : ""),
        h(
          "div",
          { class: "lobby-actions" },
          open && !t.over ? h("button", { type: "button", "data-testid": "join", onclick: () => this.actions.join(t.table) }, "Join") : null,
          h("button", { type: "button", class: "secondary", "data-testid": "watch", onclick: () => this.actions.watch(t.table) }, "Watch"),
        ),
      );
    });
    const more = this.total - this.tables.length;
    if (more > 0) rows.push(h("p", { class: "dim", "data-testid": "lobby-more" }, `and ${more} more tables`));
    fill(this.list, rows.length ? rows : h("p", { class: "dim" }, "No open tables yet: start one."));
    const mine = this.mine.filter((t) => !this.finished.has(t));
    fill(
      this.mineEl,
      mine.length
        ? h(
            "div",
            { class: "mine" },
            h("span", { class: "dim" }, "Your seats: "),
            mine.map((t) =>
              h(
                "span",
                { class: "mine-item" },
                h("button", { type: "button", "data-testid": "resume", onclick: () => this.actions.resume(t) }, t),
                h("button", { type: "button", class: "link", title: "forget this seat", onclick: () => this.actions.forget(t) }, "×"),
              ),
            ),
          )
        : null,
    );
  }

  private game(): GameInfo | undefined {
    return this.games.find((g) => g.name === this.gameSelect.value);
  }

  private seatCount(g: GameInfo): number {
    const players = this.optionsEl.querySelector<HTMLInputElement>('[data-option="players"]');
    const fromOption = players ? Number(players.value) : NaN;
    if (Number.isInteger(fromOption) && fromOption > 0) return fromOption;
    return typeof g.seats === "number" ? g.seats : 2;
  }

  private optionInput(o: OptionSpec): HTMLElement {
    // A ruling's code ("REDS-A1 [flag]: ...") is for the docs: the words first, the code in "more".
    const m = /^([A-Z][A-Z0-9]*-[A-Z0-9]+(?: \[flag\])?):\s*/.exec(o.help ?? "");
    const help = m ? (o.help ?? "").slice(m[0].length) : (o.help ?? "");
    const common = { "data-option": o.name, "data-testid": `option-${o.name}`, title: help };
    let input: HTMLElement;
    if (o.type === "bool") {
      input = h("input", { ...common, type: "checkbox", checked: o.default === true });
    } else if (o.type === "choice") {
      input = h("select", common, (o.choices ?? []).map((c) => h("option", { value: c, selected: c === o.default }, c)));
    } else {
      input = h("input", { ...common, type: "number", min: o.min, max: o.max, value: typeof o.default === "number" ? o.default : "" });
    }
    // The seat list follows the number of players.
    if (o.name === "players") input.addEventListener("change", () => this.renderSeats());
    return h(
      "label",
      { class: "option" },
      h("span", {}, o.name.replace(/_/g, " ")),
      input,
      help ? h("small", { class: "dim" }, help.charAt(0).toUpperCase() + help.slice(1)) : null,
      m ? h("details", { class: "more dim" }, h("summary", {}, "more"), `The rulings' ${m[1]} (docs/games/).`) : null,
    );
  }

  private renderForm(resetSeats: boolean): void {
    const g = this.game();
    fill(this.optionsEl, g ? g.options.map((o) => this.optionInput(o)) : null);
    if (resetSeats) this.seatValues = [];
    this.renderSeats();
    fill(
      this.form,
      h(
        "div",
        { class: "option" },
        h("span", {}, "game"),
        h(
          "div",
          { class: "game-line" },
          this.gameSelect,
          g ? h("button", { type: "button", class: "secondary", "data-testid": "lobby-rules", onclick: () => this.actions.rules(g.name, g.title || g.name) }, `Rules of ${g.title || g.name}`) : null,
        ),
      ),
      g
        ? h(
            "button",
            { type: "button", class: "primary play-now", "data-testid": "play-now", onclick: () => this.playNow(g) },
            `Play ${g.title || g.name} now against the computer`,
          )
        : null,
      g?.description ? h("p", { class: "dim" }, g.description) : null,
      this.optionsEl,
      h("div", { class: "option" }, h("span", {}, "seats"), this.seatsEl),
      g?.levels?.length
        ? h(
            "ul",
            { class: "levels dim", "data-testid": "levels" },
            g.levels.map((l) => h("li", {}, h("b", {}, l.name), `: ${l.description}`)),
          )
        : null,
      h("label", { class: "option" }, h("span", {}, "turn timer (s, 0: none)"), this.timerInput),
      g?.real_time
        ? h("label", { class: "option" }, h("span", {}, "computer speed"), this.speedInput)
        : h("label", { class: "option" }, h("span", {}, "computer pace (ms per move)"), this.paceInput),
      h("label", { class: "option inline" }, this.privateInput, h("span", {}, "private (by invitation only)")),
      h("button", { type: "submit", class: "primary", "data-testid": "create" }, "Create table"),
    );
  }

  private renderSeats(): void {
    const g = this.game();
    if (!g) return fill(this.seatsEl);
    const n = this.seatCount(g);
    // Keep choices already made; new seats default to "me" for the first, computers elsewhere.
    // Computers by level of play ("normal": the game's heuristic); the players by algorithm stay
    // reachable below, for those who know them.
    const levels = g.levels ?? [];
    const others = g.players ?? this.players;
    const fallback = levels.some((l) => l.name === "normal") ? "normal" : this.players.includes("heuristic") ? "heuristic" : this.players[0] ?? "open";
    const values = Array.from({ length: n }, (_, i) => this.seatValues[i] ?? (i === 0 ? "me" : fallback));
    this.seatValues = values;
    fill(
      this.seatsEl,
      values.map((v, i) => {
        const option = (value: string, text: string, title = "") => h("option", { value, selected: value === v, title }, text);
        const select = h(
          "select",
          { "data-testid": `seat-select-${i}`, "aria-label": `seat ${i}` },
          option("me", "me"),
          option("open", "open: a person, by invitation"),
          levels.length ? h("optgroup", { label: "computer" }, levels.map((l) => option(l.name, `computer, ${l.name}`, l.description))) : null,
          others.length ? h("optgroup", { label: "computer, by algorithm" }, others.map((p) => option(p, p))) : null,
        ) as HTMLSelectElement;
        select.addEventListener("change", () => (this.seatValues[i] = select.value));
        return h("label", { class: "seat-choice" }, h("span", { class: "dim" }, `S${i}`), select);
      }),
    );
  }

  /** The game string from the options that differ from their defaults: `reds(players=4)`. */
  private gameString(g: GameInfo): string {
    const parts: string[] = [];
    for (const o of g.options) {
      const el = this.optionsEl.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-option="${o.name}"]`);
      if (!el) continue;
      const value = o.type === "bool" ? String((el as HTMLInputElement).checked) : el.value;
      if (value === "" || value === String(o.default)) continue;
      parts.push(`${o.name}=${value}`);
    }
    return parts.length ? `${g.name}(${parts.join(",")})` : g.name;
  }

  /** One click to a table against computers at the game's usual options: me at seat 0, the
   * `normal` level elsewhere, the usual pace. */
  private playNow(g: GameInfo): void {
    const n = typeof g.seats === "number" ? g.seats : 2;
    const computer = (g.levels ?? []).some((l) => l.name === "normal") ? "normal" : "heuristic";
    const seats = Array.from({ length: n }, (_, i) => (i === 0 ? "me" : computer));
    this.actions.create(g.name, seats, 0, g.real_time ? 1000 : 600, false);
  }

  private submit(e: Event): void {
    e.preventDefault();
    const g = this.game();
    if (!g) return;
    const seconds = Math.max(0, Math.floor(Number(this.timerInput.value) || 0));
    // A speed level is the CLI's --speed: the same pace per move (bots/registry.cc pace_ms_of).
    const SPEED_MS = [2000, 1400, 1000, 700, 500];
    const pace = g.real_time
      ? SPEED_MS[Math.min(5, Math.max(1, Number(this.speedInput.value) || 3)) - 1]
      : Math.min(5000, Math.max(0, Math.floor(Number(this.paceInput.value) || 0)));
    this.actions.create(this.gameString(g), this.seatValues.slice(), seconds, pace, this.privateInput.checked);
  }
}
