// The table: one generic view for every game, drawn from the table message and the game's view
// (core/game.h's envelope plus the game's own keys). The page knows no game's wording: moves come
// from `legal`, cards are clicked where a move names them, and whatever else a view holds goes to
// the info panel.
import { h, fill, type Child } from "./dom";
import { backEl, cardEl, setCardNames, sortHand, suitSymbol } from "./cards";
import type { Chat, GameEvent, HintMsg, JsonObject, LegalMove, TableMsg, UpdateMsg } from "./protocol";
import { arr, moveLabel, num, numArr, obj, planMoves, readTrick, roundText, str, strArr, type MovePlan, type Trick } from "./view";
import { boardEl, infoPanel, scoreCardEl, type InfoContext } from "./info";
import { factsEl, readable, readFacts, readLayout, suitSpans, withNames, zoneEl, type Zone } from "./layout";
import { ScoreBook, teamName, teamSeats } from "./sheet";

export interface TableActions {
  /** `seq`: the view the move was chosen from; null in real time, where others move meanwhile
   * and a move stays good while it is legal. */
  move(m: LegalMove, seq: number | null): void;
  hint(): void;
  chat(text: string, to: "table" | "team"): void;
  leave(): void;
  /** A new game at this table with the same people; `replace`: who takes the seat of each
   * person who has left ("open", or a computer level). */
  again(replace: { [seat: string]: string }): void;
  /** The replay of the finished game, or the analysis of a hand that is over. */
  review(mode: "replay" | "analysis", round: number): void;
  rules(): void;
}

/** Games whose rules allow table talk between partners (docs/web_protocol.md: `chat` "to"). The
 * server refuses team chat elsewhere, so the page offers it only here. */
const TEAM_CHAT_GAMES = new Set(["truc"]);

const LOG_LIMIT = 300;

export class TableView {
  readonly root: HTMLElement;
  private msg: TableMsg | null = null;
  private plan: MovePlan = { cardMoves: new Map(), buttons: [], cardButtons: new Map() };
  private selected: string | null = null; // a hand card chosen to narrow the buttons
  private pending = false; // a move sent, its update not yet come
  private pendingTimer: number | undefined;
  private hinted: string | null = null; // move code of the last hint
  private book = new ScoreBook();
  private log: GameEvent[] = [];
  private chatLines: Chat[] = [];
  private deadline: number | null = null; // when the turn timer runs out, by this clock (ms)
  // The end of a hand is a moment: its summary lies on the felt until the player continues or a
  // few seconds pass. `seenRound`: the last round summary already shown (or there on arrival).
  private seenRound = 0;
  private summaryRound: number | null = null;
  private summaryTimer: number | undefined;
  private overClosed = false; // the game-over panel put aside to look at the table
  private summaryRoundShown = 0; // the last hand summary shown: the hand its analysis is of
  // From the `games` message: the game's levels (for Play again) and whether it has a solver.
  private levels: string[] = [];
  private solver = false;

  // The parts redrawn separately, so typing in the chat survives an update.
  private header = h("header", { class: "table-header" });
  private status = h("div", { class: "status", "data-testid": "status", role: "status", "aria-live": "polite" });
  private felt = h("div", { class: "felt", "data-testid": "felt" });
  private board = h("div", { class: "board-area", "data-testid": "board" });
  private hand = h("div", { class: "hand", "data-testid": "hand" });
  private moves = h("div", { class: "moves", "data-testid": "moves" });
  private lastTrick = h("section", { class: "panel last-trick", "data-testid": "last-trick" });
  private sheet = h("section", { class: "panel", "data-testid": "scores" });
  private info = h("section", { class: "panel", "data-testid": "info" });
  private invitesEl = h("section", { class: "panel invites", "data-testid": "invites", hidden: true });
  private invites: { table: string; seats: { [seat: string]: string }; watch?: string } | null = null;
  private logEl = h("ol", { class: "log", "data-testid": "log" });
  private chatList = h("ol", { class: "chat-list", "data-testid": "chat-list" });
  private chatInput = h("input", {
    type: "text",
    maxlength: 500,
    placeholder: "Say something",
    "aria-label": "chat message",
    "data-testid": "chat-input",
  }) as HTMLInputElement;
  private chatTo = h("select", { "data-testid": "chat-to", "aria-label": "send to" }, h("option", { value: "table" }, "table"), h("option", { value: "team" }, "team")) as HTMLSelectElement;

  constructor(private readonly actions: TableActions) {
    const chatForm = h(
      "form",
      { class: "chat-form", onsubmit: (e: Event) => this.sendChat(e) },
      this.chatTo,
      this.chatInput,
      h("button", { type: "submit", "data-testid": "chat-send" }, "Send"),
    );
    this.root = h(
      "div",
      { class: "table-view", "data-testid": "table" },
      this.header,
      this.status,
      h(
        "div",
        { class: "table-main" },
        h("div", { class: "table-play" }, this.felt, this.board, this.moves, this.hand),
        h(
          "aside",
          { class: "table-side" },
          this.invitesEl,
          this.lastTrick,
          this.sheet,
          this.info,
          h("section", { class: "panel" }, h("h2", {}, "Events"), this.logEl),
          h("section", { class: "panel chat" }, h("h2", {}, "Chat"), this.chatList, chatForm),
        ),
      ),
    );
  }

  /** The game's levels and solver, from the `games` message. */
  setGameInfo(levels: string[], solver: boolean): void {
    this.levels = levels;
    this.solver = solver;
  }

  get message(): TableMsg | null {
    return this.msg;
  }

  /** Hands (rounds) that are over, as far as this seat knows. */
  get roundsOver(): number {
    return this.msg ? (num(obj(this.view.last_round)?.round) ?? 0) : 0;
  }

  get tableId(): string | null {
    return this.msg?.table ?? null;
  }
  get seat(): number | null {
    return this.msg?.seat ?? null;
  }

  /** The invitation codes of a table this page created: shown at the table, with copy buttons,
   * while their seats are open. */
  setInvites(table: string, seats: { [seat: string]: string }, watch?: string): void {
    this.invites = { table, seats, watch };
    if (this.msg?.table === table) this.renderInvites();
  }

  private renderInvites(): void {
    const inv = this.invites;
    const m = this.msg;
    if (!inv || !m || inv.table !== m.table || m.over) {
      this.invitesEl.hidden = true;
      return;
    }
    const base = `${location.origin}${location.pathname}?table=${encodeURIComponent(inv.table)}`;
    const open = Object.entries(inv.seats).filter(([seat]) => m.seats[Number(seat)]?.kind === "open");
    const copyRow = (label: string, url: string, id: string) => {
      const input = h("input", { type: "text", readonly: true, value: url, "data-testid": `link-${id}`, "aria-label": label }) as HTMLInputElement;
      const button = h("button", { type: "button", "data-testid": `copy-${id}` }, "Copy") as HTMLButtonElement;
      button.addEventListener("click", () => {
        input.select();
        const done = () => (button.textContent = "Copied");
        if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, () => document.execCommand("copy") && done());
        else if (document.execCommand("copy")) done();
      });
      return h("div", { class: "invite-row" }, h("span", { class: "dim" }, label), input, button);
    };
    fill(
      this.invitesEl,
      h("h2", {}, "Invite"),
      open.length ? h("p", { class: "dim" }, "Send a friend the link of an open seat:") : null,
      open.map(([seat, code]) => copyRow(`S${seat}`, `${base}&invite=${encodeURIComponent(code)}`, `invite-${seat}`)),
      copyRow("watch", `${base}&watch=${encodeURIComponent(inv.watch ?? "1")}`, "watch"),
    );
    this.invitesEl.hidden = open.length === 0 && m.started;
  }

  /** A whole `table` message: on join, resume, watch, and whenever the seats change. */
  setTable(msg: TableMsg): void {
    const sameTable = this.msg?.table === msg.table;
    // An older view than the one held (a `table` racing an `update`) keeps the newer view.
    if (sameTable && this.msg && msg.seq < this.msg.seq) {
      msg = { ...msg, seq: this.msg.seq, view: this.msg.view, legal: this.msg.legal, turn: this.msg.turn, over: this.msg.over };
    }
    if (!sameTable) {
      this.book = new ScoreBook();
      this.selected = null;
      this.hinted = null;
    }
    this.msg = msg;
    // The sheet so far, from every completed round's summary (a reload or a late join loses none).
    if (msg.rounds) this.book.load(msg.rounds, msg.view);
    this.log = msg.events.slice(-LOG_LIMIT);
    this.chatLines = msg.chat.slice();
    this.setDeadline(msg.turn);
    this.setPending(false);
    this.renderInvites();
    if (!sameTable) {
      this.seenRound = num(obj(msg.view.last_round)?.round) ?? 0;
      this.summaryRound = null;
      this.overClosed = false;
    }
    this.render([]);
    this.renderLog(false);
    this.renderChat();
  }

  /** An `update`: the view after a move and the events it made. Views with a smaller seq than
   * the one held are stale (the protocol says: keep the larger seq), but their events still
   * happened, so they are logged. */
  applyUpdate(u: UpdateMsg): void {
    if (!this.msg || u.table !== this.msg.table) return;
    this.log.push(...u.events);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    if (u.seq >= this.msg.seq) {
      this.msg = { ...this.msg, seq: u.seq, mode: u.mode ?? this.msg.mode, view: u.view, legal: u.legal, turn: u.turn, over: u.over, record: u.record };
      this.setDeadline(u.turn);
      this.setPending(false);
      if (this.selected && !u.legal.some((m) => m.text.split(/\s+/).includes(this.selected!))) this.selected = null;
      this.hinted = null;
      this.render(u.events);
    }
    this.renderLog(true);
  }

  addChat(c: Chat): void {
    this.chatLines.push(c);
    this.renderChat();
  }

  showHint(m: HintMsg): void {
    if (!this.msg || m.table !== this.msg.table) return;
    this.hinted = m.code;
    this.render([]);
    this.flashStatus(`Hint: ${m.move}`);
  }

  /** A short message in the status line (errors, hints) until the next redraw. */
  flashStatus(text: string, error = false): void {
    const note = h("span", { class: error ? "status-note error" : "status-note", "data-testid": error ? "error" : "note" }, text);
    this.status.querySelector(".status-note")?.remove();
    this.status.appendChild(note);
    if (error) this.setPending(false);
  }

  /** Notes when the turn timer runs out, by this browser's clock. The deadline is the server's
   * clock; when it is further off than the timer's whole length this machine's clock is wrong,
   * and the timer is counted from now instead. */
  private setDeadline(turn: TableMsg["turn"]): void {
    if (!turn) {
      this.deadline = null;
      return;
    }
    const left = turn.deadline_ms - Date.now();
    const whole = turn.seconds * 1000;
    this.deadline = left > whole + 2000 || left < -2000 ? Date.now() + Math.max(0, whole) : turn.deadline_ms;
  }

  /** Redraws the timers only: called a few times a second. */
  tick(): void {
    const left = this.deadline === null ? null : Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    const text = left === null ? "" : left >= 60 ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` : `${left}s`;
    for (const el of this.root.querySelectorAll<HTMLElement>("[data-timer]")) {
      el.textContent = text;
      el.classList.toggle("low", left !== null && left <= 10);
    }
  }

  // ---- Drawing ----

  private get view(): JsonObject {
    return this.msg?.view ?? {};
  }

  private numSeats(): number {
    return this.msg?.seats.length || num(this.view.players) || numArr(this.view.hand_sizes).length || 1;
  }

  seatLabel = (s: number): string => {
    const seat = this.msg?.seats[s];
    if (s === this.numSeats() && obj(this.view.house)) return str(obj(this.view.house)?.name) ?? "house";
    // A person who gave no name is called by the seat ("S0"): not "S0 S0".
    const name = seat && seat.kind !== "open" && seat.name !== `S${s}` ? seat.name : "";
    const you = s === this.msg?.seat ? " (you)" : "";
    return name ? `S${s} ${name}${you}` : `S${s}${you}`;
  };

  private canAct(): boolean {
    return !this.pending && (this.msg?.legal.length ?? 0) > 0;
  }

  private setPending(on: boolean): void {
    this.pending = on;
    window.clearTimeout(this.pendingTimer);
    // The server answers a move with an update or an error; should neither come (a lost
    // connection), the moves come back after a few seconds rather than staying locked.
    if (on) this.pendingTimer = window.setTimeout(() => this.setPending(false), 4000);
    this.root.classList.toggle("pending", on);
  }

  private sendMove(m: LegalMove): void {
    if (!this.msg || !this.canAct()) return;
    if (this.summaryRound !== null) {
      // Playing on is continuing: the summary makes way.
      window.clearTimeout(this.summaryTimer);
      this.summaryRound = null;
      this.renderFelt([]);
    }
    this.setPending(true);
    this.selected = null;
    this.actions.move(m, this.msg.mode === "real_time" ? null : this.msg.seq);
    this.renderMoves();
    this.renderHand();
  }

  private render(events: GameEvent[]): void {
    if (!this.msg) return;
    const round = num(obj(this.view.last_round)?.round);
    if (round !== null && round > this.seenRound) {
      // A hand just ended: its summary stays 8 seconds, or until "Continue".
      this.seenRound = round;
      this.summaryRound = round;
      window.clearTimeout(this.summaryTimer);
      this.summaryTimer = window.setTimeout(() => {
        this.summaryRound = null;
        this.render([]);
      }, 8000);
    }
    const names = obj(this.view.card_names);
    setCardNames(names ? Object.fromEntries(Object.entries(names).map(([k, v]) => [k, String(v)])) : null);
    this.book.record(this.view);
    this.plan = planMoves(this.msg.legal);
    this.renderHeader();
    this.renderStatus();
    this.renderFelt(events);
    this.renderBoard();
    this.renderSide(); // before the moves: a card drawn in the info panel is not also a button
    this.renderHand();
    this.renderMoves();
    this.tick();
  }

  /** The scores as units (teams in team-scored games, else seats): name, score, out. */
  private units(teamMode: boolean): { name: string; score: number | null; out: boolean; seats: number[] }[] {
    const v = this.view;
    const out = new Set(numArr(v.out));
    if (teamMode) {
      const teams = Array.isArray(this.msg?.teams) ? this.msg!.teams : null;
      return numArr(v.team_scores).map((score, t) => ({ name: teamName(teams, t, this.seatLabel), score, out: false, seats: teamSeats(teams, t) }));
    }
    const house = obj(v.house);
    const sides = house ? numArr(house.sides) : [];
    const list = numArr(v.scores).map((score, s) => ({ name: this.seatLabel(s), score: sides.length === 2 ? sides[0] : score, out: out.has(s), seats: [s] }));
    if (house) list.push({ name: str(house.name) ?? "house", score: sides.length === 2 ? sides[1] : num(house.score), out: false, seats: [list.length] });
    return list;
  }

  /** The hand summary or the game-over panel on the felt, or null. */
  private momentEl(): HTMLElement | null {
    const v = this.view;
    const over = this.msg!.over || v.over === true;
    if (over && !this.overClosed) return this.gameOverEl();
    if (this.summaryRound === null || over) return null;
    const lr = obj(v.last_round);
    if (!lr || num(lr.round) !== this.summaryRound) return null;
    const teamMode = Array.isArray(lr.team_points);
    const points = numArr(teamMode ? lr.team_points : lr.points);
    const units = this.units(teamMode);
    // Against the house (core/game.h: the view's "house"), its points of the round.
    if (obj(v.house) && !teamMode) points.push(num(lr.house_points));
    const sheet = arr(lr.sheet).map((c) => obj(c)).filter((c): c is JsonObject => c !== null);
    const notes = sheet.filter((c) => "value" in c && c.value !== null).map((c) => `${str(c.title) ?? ""}: ${String(c.value)}`);
    const unitCols = sheet.filter((c) => Array.isArray(teamMode ? c.teams : c.seats));
    const name = roundText({ ...v, round: this.summaryRound }) || `${str(v.round_name) ?? "Round"} ${this.summaryRound}`;
    return h(
      "div",
      { class: "moment", "data-testid": "hand-summary", role: "dialog", "aria-label": "hand summary" },
      h("h2", {}, `${name.replace(/ of \d+$/, "")} is over`),
      notes.length ? h("p", { class: "moment-notes" }, suitSpans(readable(notes.join(" · ")))) : null,
      h(
        "table",
        { class: "moment-table" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), unitCols.map((c) => h("th", { class: "detail" }, str(c.title) ?? "")), h("th", {}, "points"), h("th", {}, "total"))),
        h(
          "tbody",
          {},
          units.map((u, i) =>
            h(
              "tr",
              {},
              h("th", {}, u.name),
              unitCols.map((c) => {
                const x = arr(teamMode ? c.teams : c.seats)[i];
                return h("td", { class: "detail" }, x === null || x === undefined ? "–" : suitSpans(readable(String(x))));
              }),
              h("td", { class: (points[i] ?? 0) < 0 ? "neg" : "" }, points[i] === null || points[i] === undefined ? "–" : `${points[i]! > 0 ? "+" : ""}${points[i]}`),
              h("td", { class: "total" }, u.out ? "out" : u.score === null ? "–" : String(u.score)),
            ),
          ),
        ),
      ),
      h(
        "div",
        { class: "moment-actions" },
        h("button", { type: "button", class: "primary", "data-testid": "continue", onclick: () => this.closeSummary() }, "Continue"),
        this.solver && this.msg!.seat !== null
          ? h("button", { type: "button", "data-testid": "analyse-hand", onclick: () => (this.closeSummary(), this.actions.review("analysis", this.summaryRoundShown)) }, "What did my cards cost?")
          : null,
      ),
    );
  }

  private closeSummary(): void {
    this.summaryRoundShown = this.summaryRound ?? this.summaryRoundShown;
    window.clearTimeout(this.summaryTimer);
    this.summaryRound = null;
    this.render([]);
  }

  /** Standings at the end of the game: place, name, score; players who are out, as out. */
  private gameOverEl(): HTMLElement {
    const v = this.view;
    const lr = obj(v.last_round);
    const teamMode = lr ? Array.isArray(lr.team_points) : Array.isArray(v.team_scores) && Array.isArray(this.msg?.teams);
    const winners = new Set(numArr(v.winners));
    const units = this.units(teamMode).map((u) => ({ ...u, won: u.seats.some((s) => winners.has(s)) }));
    // Winners first, then by score (higher first), the players who are out last.
    const order = units.slice().sort((a, b) => Number(b.won) - Number(a.won) || Number(a.out) - Number(b.out) || (b.score ?? 0) - (a.score ?? 0));
    let place = 0;
    const rows = order.map((u, i) => {
      const prev = order[i - 1];
      if (!prev || prev.won !== u.won || prev.out !== u.out || prev.score !== u.score) place = i + 1;
      return h(
        "tr",
        { class: u.won ? "winner" : "" },
        h("td", {}, u.out ? "–" : `${place}.`),
        h("th", {}, u.name),
        h("td", { class: "total" }, u.out ? "out" : u.score === null ? "–" : String(u.score)),
      );
    });
    const me = this.msg!.seat;
    const mine = me !== null && units.some((u) => u.won && u.seats.includes(me));
    // Play again: people who have left are replaced by a computer level of the asker's choice,
    // or their seat opens for an invitation.
    const left = me === null ? [] : this.msg!.seats.filter((s) => s.kind === "human" && !s.connected && s.seat !== me);
    const levels = this.levels.length ? this.levels : ["normal"];
    const replaceEls = left.map((s) =>
      h(
        "label",
        { class: "replace" },
        `${s.name || `S${s.seat}`} has left: `,
        h(
          "select",
          { "data-seat": s.seat, "data-testid": `replace-${s.seat}` },
          levels.map((l) => h("option", { value: l, selected: l === "normal" }, `computer, ${l}`)),
          h("option", { value: "open" }, "an open seat (invite someone)"),
        ),
      ),
    );
    const again = () => {
      const replace: { [seat: string]: string } = {};
      for (const el of replaceEls) {
        const sel = el.querySelector("select") as HTMLSelectElement;
        replace[sel.dataset.seat!] = sel.value;
      }
      this.actions.again(replace);
    };
    return h(
      "div",
      { class: "moment game-over", "data-testid": "game-over", role: "dialog", "aria-label": "game over" },
      h("h2", {}, mine ? "You win — well played!" : "Game over"),
      h("table", { class: "moment-table" }, h("tbody", {}, rows)),
      replaceEls.length ? h("div", { class: "replace-list" }, replaceEls) : null,
      h(
        "div",
        { class: "moment-actions" },
        me !== null ? h("button", { type: "button", class: "primary", "data-testid": "play-again", onclick: again }, "Play again") : null,
        this.msg!.record ? h("button", { type: "button", "data-testid": "replay-game", onclick: () => this.actions.review("replay", 0) }, "Replay") : null,
        this.solver && this.msg!.record ? h("button", { type: "button", "data-testid": "analyse", onclick: () => this.actions.review("analysis", 0) }, "Analysis") : null,
        h("button", { type: "button", "data-testid": "see-table", onclick: () => ((this.overClosed = true), this.render([])) }, "See the table"),
        h("button", { type: "button", onclick: () => this.actions.leave() }, "Lobby"),
      ),
    );
  }

  private renderHeader(): void {
    const m = this.msg!;
    const v = this.view;
    const bits: Child[] = [];
    const rt = roundText(v);
    if (rt) bits.push(h("span", { class: "chip" }, rt));
    const phase = str(v.phase);
    if (phase) bits.push(h("span", { class: "chip", "data-testid": "phase" }, phase));
    const trump = str(v.trump);
    // A null trump may mean "not chosen yet" as well as "no trumps": only a suit is shown.
    if (trump) bits.push(h("span", { class: `chip suit-${trump}`, "data-testid": "trump" }, `trump ${suitSymbol(trump)}`));
    const dealer = num(v.dealer);
    if (dealer !== null) bits.push(h("span", { class: "chip" }, `dealer S${dealer}`));
    // A contract given as {"text", "declarer"} (the bridge family, Red Rover) heads the table,
    // as in the terminal; other shapes stay in the info panel.
    const contract = obj(v.contract);
    if (contract && str(contract.text)) {
      const by = num(contract.declarer);
      bits.push(h("span", { class: "chip contract", "data-testid": "contract" }, `contract ${str(contract.text)}${by !== null ? ` by S${by}` : ""}`));
    }
    if (m.seat === null) bits.push(h("span", { class: "chip watch" }, "watching"));
    const lastRound = num(obj(v.last_round)?.round);
    fill(
      this.header,
      h("div", { class: "title-line" }, h("h1", {}, m.title || m.game), h("span", { class: "dim table-id" }, m.table)),
      h("div", { class: "chips" }, bits),
      h(
        "div",
        { class: "header-actions" },
        m.seat !== null
          ? h("button", { type: "button", "data-testid": "hint", disabled: !this.canAct(), onclick: () => this.actions.hint() }, "Hint")
          : null,
        h("button", { type: "button", "data-testid": "rules-button", onclick: () => this.actions.rules() }, "Rules"),
        this.solver && m.seat !== null && !m.over && lastRound !== null
          ? h("button", { type: "button", "data-testid": "analyse-last", title: "what each of your cards cost in the last hand that is over", onclick: () => this.actions.review("analysis", lastRound) }, "Analysis")
          : null,
        m.record ? h("button", { type: "button", "data-testid": "replay-button", onclick: () => this.actions.review("replay", 0) }, "Replay") : null,
        m.record ? h("a", { class: "button", href: m.record, "data-testid": "record", download: `${m.table}.json` }, "Record") : null,
        h("button", { type: "button", "data-testid": "leave", onclick: () => this.actions.leave() }, "Lobby"),
      ),
    );
  }

  private renderStatus(): void {
    const m = this.msg!;
    const v = this.view;
    const toAct = numArr(v.to_act).filter((s): s is number => s !== null);
    let text: string;
    const declared = str(v.status);
    if (declared && m.started && !(m.over || v.over === true)) {
      // The game's own line ("S1 called truc; your turn to answer"), players named.
      text = withNames(declared, this.seatLabel);
      text = text.charAt(0).toUpperCase() + text.slice(1);
    } else if (m.over || v.over === true) {
      const winners = numArr(v.winners).filter((s): s is number => s !== null);
      text = winners.length ? `Game over: ${winners.map(this.seatLabel).join(", ")} ${winners.length === 1 ? "wins" : "win"}` : "Game over";
      if (m.seat !== null && winners.includes(m.seat)) text += " — well played!";
    } else if (!m.started) {
      text = "Waiting for players to sit down";
    } else if (m.legal.length > 0) {
      text = toAct.length > 1 ? "Your move (others may move too)" : "Your turn";
    } else if (toAct.length) {
      text = `Waiting for ${toAct.map(this.seatLabel).join(", ")}`;
    } else {
      text = "";
    }
    const mine = m.legal.length > 0;
    this.status.className = `status${mine ? " mine" : ""}`;
    fill(this.status, h("span", { class: "status-text" }, suitSpans(text)), m.turn ? h("span", { class: "timer", "data-timer": "", "data-testid": "timer" }) : null);
  }

  /** Where seat s sits around the felt, the viewer at the bottom and the others clockwise from its
   * left (seat numbers go clockwise round the table), as fractions of the felt. */
  private position(s: number, places: number): { x: number; y: number } {
    const me = this.msg?.seat ?? 0;
    const i = (((s - me) % places) + places) % places;
    const t = (2 * Math.PI * i) / places;
    return { x: -Math.sin(t), y: Math.cos(t) };
  }

  private renderFelt(events: GameEvent[]): void {
    const v = this.view;
    const n = this.numSeats();
    const house = obj(v.house);
    const places = n + (house ? 1 : 0);
    const me = this.msg!.seat;
    const toAct = new Set(numArr(v.to_act));
    const sizes = numArr(v.hand_sizes);
    const scores = numArr(v.scores);
    const won = numArr(v.tricks_won);
    const notes = arr(v.seat_notes);
    const dealer = num(v.dealer);
    const turnSeats = new Set(this.msg!.turn?.seats ?? []);
    const teamScores = numArr(v.team_scores);
    // Each seat's bid or call, where the view has one a seat ("bids": numbers or call text).
    const bids = Array.isArray(v.bids) && v.bids.length === n ? v.bids : [];

    // The zones the game declares: the middle of the table in the felt's centre, each other
    // seat's before it in its panel, the viewer's own under the felt (renderBoard).
    const zones = readLayout(v);
    const zctx = { decorateCard: this.decorateCard };
    const owned = (s: number) => zones.filter((z) => z.owner === s && z.kind !== "trick");
    const panels: Child[] = [];
    for (let s = 0; s < places; s++) {
      const isHouse = s === n;
      const seat = this.msg!.seats[s];
      const p = this.position(s, places);
      const kind = isHouse ? "house" : !seat ? "" : seat.away ? "away" : seat.kind === "human" && !seat.connected ? "offline" : seat.kind;
      const size = isHouse ? null : sizes[s];
      // The viewer's own cards are drawn face up below; other seats show backs and the count.
      const backs = s !== me && size ? h("span", { class: "backs" }, Array.from({ length: Math.min(size, 8) }, () => backEl("mini"))) : null;
      // Against the house, each side's total as the game's sheet writes it ("sides"), if given.
      const sides = house ? numArr(house.sides) : [];
      const score = sides.length === 2 ? sides[isHouse ? 1 : 0] : isHouse ? num(house!.score) : scores[s];
      const tricks = isHouse ? num(house!.tricks_won) : won[s];
      // Partners share a colour and a label ("team 1").
      const team = !isHouse && Array.isArray(this.msg!.teams) ? this.msg!.teams[s] : undefined;
      panels.push(
        h(
          "div",
          {
            // "upper": seats along the top edge get their bubbles below them, inside the felt.
            class: `seat-panel${toAct.has(s) ? " to-act" : ""}${s === me ? " me" : ""}${s === dealer ? " dealer" : ""}${p.y < -0.3 ? " upper" : ""}${team !== undefined ? ` team-${team % 4}` : ""}`,
            "data-testid": `seat-${s}`,
            "data-seat": s,
            style: `--x:${p.x.toFixed(3)};--y:${p.y.toFixed(3)}`,
          },
          h(
            "div",
            { class: "seat-name" },
            h("b", {}, isHouse ? this.seatLabel(s) : `S${s}`),
            " ",
            isHouse || (seat && seat.kind !== "open" && seat.name === `S${s}`) ? null : h("span", {}, seat && seat.kind !== "open" ? seat.name : "open seat"),
            s === dealer ? h("span", { class: "dealer-mark", title: "dealer" }, "D") : null,
            team !== undefined ? h("span", { class: "team-mark", title: "partnership" }, `team ${team + 1}`) : null,
          ),
          h(
            "div",
            { class: "seat-meta" },
            kind && !isHouse ? h("span", { class: `kind kind-${kind}` }, kind === "computer" && seat?.player ? seat.player : kind) : null,
            size !== null && size !== undefined ? h("span", { title: "cards in hand" }, `🂠 ${size}`) : null,
            bids[s] !== undefined && bids[s] !== null && typeof bids[s] !== "object" ? h("span", { class: "seat-bid", title: "bid" }, `bid ${String(bids[s])}`) : null,
            tricks !== null && tricks !== undefined ? h("span", { title: "tricks won" }, `tricks ${tricks}`) : null,
            !isHouse && numArr(v.out).includes(s)
              ? h("span", { class: "seat-out" }, "out")
              : score !== null && score !== undefined
                ? h("span", { class: "seat-score", title: teamScores.length ? "team score" : "score" }, `score ${score}`)
                : null,
            turnSeats.has(s) && toAct.has(s) ? h("span", { class: "timer", "data-timer": "" }) : null,
          ),
          zones.length ? null : backs,
          zones.length && s !== me && owned(s).length
            ? h("div", { class: "seat-zones" }, owned(s).map((z) => zoneEl(z, zctx, "tiny")))
            : null,
          !zones.length && str(notes[s]) ? h("div", { class: "seat-note" }, str(notes[s])) : null,
        ),
      );
    }

    const trick = readTrick(v.trick, places);
    const trickEl = h("div", { class: "trick", "data-testid": "trick" });
    if (trick) {
      const played = new Map<number, string>();
      for (const ev of events) if (ev.kind === "play" && ev.seat !== undefined && ev.card) played.set(ev.seat, ev.card);
      trick.cards.forEach((code, i) => {
        const s = trick.seats[i] ?? i;
        const p = this.position(s, places);
        const el = cardEl(code, "in-trick");
        el.style.setProperty("--x", p.x.toFixed(3));
        el.style.setProperty("--y", p.y.toFixed(3));
        el.style.zIndex = String(i + 1);
        if (played.get(s) === code) el.classList.add("fly-in");
        trickEl.appendChild(el);
      });
    }
    const middle = zones.filter((z) => z.owner === null && z.kind !== "trick");
    const trickShown = trick !== null && trick.cards.length > 0;
    const centre = middle.length
      ? h("div", { class: `felt-centre${trickShown ? " beside-trick" : ""}`, "data-testid": "felt-centre" }, middle.map((z) => zoneEl(z, zctx, trickShown ? "tiny" : "small")))
      : null;
    // A game without tricks keeps the viewer's own zones on the felt too, above its seat (Nuts'
    // layout, Tadmur's chain); a trick game, under the felt, where the trick leaves room.
    const mine = me !== null && !zones.some((z) => z.kind === "trick") ? owned(me) : [];
    const mineEl = mine.length ? h("div", { class: "felt-mine", "data-testid": "felt-mine" }, mine.map((z) => zoneEl(z, zctx, "small"))) : null;
    this.felt.classList.toggle("with-zones", zones.some((z) => z.kind !== "trick"));
    this.felt.classList.toggle("with-mine", mine.length > 0);
    this.felt.classList.toggle("no-centre", middle.length === 0);
    fill(this.felt, panels, centre, mineEl, trickEl, this.momentEl());
    this.animate(events);
  }

  /** Simple animations from the events' kinds: a trick won flashes its winner, a bid or call shows
   * as a bubble by its seat, a score floats up from the seat. Plays fly in (renderFelt). */
  private animate(events: GameEvent[]): void {
    for (const ev of events) {
      if (ev.seat === undefined || ev.seat === null) continue;
      const panel = this.felt.querySelector<HTMLElement>(`[data-seat="${ev.seat}"]`);
      if (!panel) continue;
      let bubble: string | null = null;
      let cls = "bubble";
      if (ev.kind === "bid" || ev.kind === "raise" || ev.kind === "answer" || ev.kind === "contract") {
        bubble = ev.label ?? (ev.amount !== undefined ? String(ev.amount) : null);
      } else if (ev.kind === "score" && ev.points !== undefined) {
        bubble = (ev.points > 0 ? "+" : "") + ev.points;
        cls = `bubble score-pop${ev.points < 0 ? " neg" : ""}`;
      } else if (ev.kind === "trick") {
        panel.classList.add("won-trick");
      }
      if (bubble) panel.appendChild(h("span", { class: cls }, bubble));
    }
  }

  /** A card drawn anywhere on the table that a legal "VERB CARD" move names becomes clickable
   * (Bridge Solitaire keeps face-up cards, Nuts plays from its tableau). */
  private decorateCard = (el: HTMLElement): HTMLElement => {
    const code = el.dataset.card;
    const moves = code ? this.plan.cardMoves.get(code) : undefined;
    if (moves && moves.length === 1 && this.canAct()) {
      el.classList.add("playable");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.dataset.move = moves[0].text;
      if (moves[0].code === this.hinted) el.classList.add("hinted");
      el.addEventListener("click", () => this.sendMove(moves[0]));
      el.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          this.sendMove(moves[0]);
        }
      });
    }
    return el;
  };

  private infoContext(): InfoContext {
    return { numSeats: this.numSeats(), seatLabel: (s) => `S${s}`, decorateCard: this.decorateCard };
  }

  private renderBoard(): void {
    const zones: Zone[] = readLayout(this.view);
    if (zones.length) {
      const me = this.msg?.seat ?? null;
      const onFelt = !zones.some((z) => z.kind === "trick"); // drawn by renderFelt
      const mine = onFelt ? [] : zones.filter((z) => me !== null && z.owner === me && z.kind !== "trick");
      fill(this.board, mine.length ? h("div", { class: "my-zones" }, mine.map((z) => zoneEl(z, { decorateCard: this.decorateCard }, "small"))) : null);
      this.board.hidden = !mine.length;
      return;
    }
    const board = boardEl(this.view, this.infoContext());
    fill(this.board, board);
    this.board.hidden = !board;
  }

  private renderHand(): void {
    const v = this.view;
    if (!Array.isArray(v.hand)) {
      fill(this.hand);
      this.hand.hidden = true;
      return;
    }
    this.hand.hidden = false;
    // Unplayable cards are dimmed only while the viewer must choose: between turns the whole
    // hand stays fully legible.
    this.hand.classList.toggle("my-turn", this.canAct());
    const cards = sortHand(strArr(v.hand), str(v.rank_order), str(v.trump), strArr(v.reversed_suits), strArr(v.top_cards));
    const narrowing = new Set(this.plan.cardButtons.keys());
    const els = cards.map((code) => {
      const moves = this.plan.cardMoves.get(code) ?? [];
      const named = narrowing.has(code);
      const clickable = this.canAct() && (moves.length > 0 || named);
      const el = cardEl(code, clickable ? "playable" : "disabled");
      if (!clickable) {
        el.setAttribute("aria-disabled", "true");
        return el;
      }
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      if (moves.length === 1) el.dataset.move = moves[0].text;
      if (moves.some((m) => m.code === this.hinted) || (this.plan.cardButtons.get(code) ?? []).some((m) => m.code === this.hinted))
        el.classList.add("hinted");
      if (this.selected === code) el.classList.add("selected");
      const act = () => {
        // One move for this card: make it (Truc's "play 5S truc" stays a button). Otherwise
        // choose the card, and the buttons narrow to the moves that name it (Schwimmen's swaps);
        // a second click puts them all back.
        if (moves.length === 1) return this.sendMove(moves[0]);
        this.selected = this.selected === code ? null : code;
        this.renderHand();
        this.renderMoves();
      };
      el.addEventListener("click", act);
      el.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          act();
        }
      });
      return el;
    });
    fill(
      this.hand,
      h("div", { class: "hand-label" }, `Your hand · ${cards.length} ${cards.length === 1 ? "card" : "cards"}`),
      h("div", { class: `hand-cards${cards.length > 10 ? " crowded" : ""}` }, els.length ? els : h("span", { class: "dim" }, "no cards")),
    );
  }

  private renderMoves(): void {
    const sel = this.selected;
    let buttons = this.plan.buttons;
    const moveList: LegalMove[] = [];
    if (sel) {
      // The chosen card's own moves ("play 5S" beside "play 5S truc"), then the buttons naming it.
      moveList.push(...(this.plan.cardMoves.get(sel) ?? []));
      buttons = this.plan.cardButtons.get(sel) ?? [];
    }
    moveList.push(...buttons);
    // Card moves are also buttons when the card is nowhere on the table to be clicked.
    if (!sel) {
      const shown = new Set(strArr(this.view.hand));
      for (const el of this.root.querySelectorAll<HTMLElement>(".board-area [data-card].playable, .felt [data-card].playable, .table-side [data-card].playable")) shown.add(el.dataset.card!);
      for (const [code, ms] of this.plan.cardMoves) if (!shown.has(code) || ms.length > 1) moveList.push(...ms);
    }
    const disabled = !this.canAct();
    fill(
      this.moves,
      moveList.map((m) =>
        h(
          "button",
          {
            type: "button",
            class: `move${m.code === this.hinted ? " hinted" : ""}`,
            "data-move": m.text,
            "data-code": m.code,
            disabled,
            onclick: () => this.sendMove(m),
          },
          moveLabel(m),
        ),
      ),
      sel ? h("button", { type: "button", class: "move secondary", onclick: () => ((this.selected = null), this.renderHand(), this.renderMoves()) }, "all moves") : null,
    );
    this.moves.hidden = moveList.length === 0;
  }

  private renderSide(): void {
    const v = this.view;
    const ctx = this.infoContext();
    // The last trick: this round's last completed one, or the last of the round just ended.
    const n = this.numSeats() + (obj(v.house) ? 1 : 0);
    const tricks = arr(v.tricks);
    let last: Trick | null = readTrick(tricks[tricks.length - 1], n);
    if (!last) {
      const lrTricks = arr(obj(v.last_round)?.tricks);
      last = readTrick(lrTricks[lrTricks.length - 1], n);
    }
    fill(
      this.lastTrick,
      h("h2", {}, "Last trick"),
      last
        ? h(
            "div",
            { class: "trick-row" },
            last.cards.map((c, i) =>
              h("span", { class: `trick-slot${last!.winner === last!.seats[i] ? " winner" : ""}` }, cardEl(c, "small"), h("span", { class: "dim" }, `S${last!.seats[i]}`)),
            ),
          )
        : null,
    );
    this.lastTrick.hidden = !last;

    fill(this.sheet, h("h2", {}, "Score sheet"), this.book.render(v, this.seatLabel, Array.isArray(this.msg?.teams) ? this.msg!.teams : null), scoreCardEl(v, ctx));
    const facts = readFacts(v);
    if (facts) {
      fill(this.info, h("h2", {}, "At the table"), factsEl(facts, this.seatLabel));
      this.info.hidden = facts.length === 0;
    } else {
      fill(this.info, h("h2", {}, "Table info"), infoPanel(v, ctx));
      this.info.hidden = false;
    }
    const team = this.msg && TEAM_CHAT_GAMES.has(this.msg.game) && this.msg.seat !== null;
    this.chatTo.hidden = !team;
    if (!team) this.chatTo.value = "table";
  }

  private renderLog(animate: boolean): void {
    fill(
      this.logEl,
      this.log.map((e, i) =>
        h("li", { class: `ev ev-${e.kind}${animate && i >= this.log.length - 4 ? " fresh" : ""}` }, suitSpans(readable(e.text ?? e.kind))),
      ),
    );
    this.logEl.scrollTop = this.logEl.scrollHeight;
  }

  private renderChat(): void {
    fill(
      this.chatList,
      this.chatLines.map((c) =>
        h("li", { class: c.to === "team" ? "team" : "" }, h("b", {}, c.seat !== null && c.seat !== undefined ? `S${c.seat} ${c.name}` : c.name), c.to === "team" ? h("span", { class: "dim" }, " (team)") : null, ": ", c.text),
      ),
    );
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  private sendChat(e: Event): void {
    e.preventDefault();
    const text = this.chatInput.value.trim();
    if (!text) return;
    this.actions.chat(text.slice(0, 500), this.chatTo.value === "team" ? "team" : "table");
    this.chatInput.value = "";
  }
}
