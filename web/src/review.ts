// The review of a game, over the table: the replay of a finished game move by move with every
// hand shown (the room replays its record: `replay`), and the double-dummy analysis of a hand
// that is over, what each card played cost (`analysis`, as `cardroom analyze` prints it).
import { h, fill, type Child } from "./dom";
import { cardEl, cardLabel, sortHand } from "./cards";
import type { AnalysisMsg, PlayAnalysis, ReplayMsg } from "./protocol";
import { factsEl, readable, readFacts, readLayout, suitSpans, withNames, zoneEl } from "./layout";
import { str, strArr } from "./view";

export interface ReviewActions {
  replay(table: string, step: number): void;
  analysis(table: string, round: number): void;
}

export interface ReviewOptions {
  table: string;
  title: string;
  seats: number;
  seatLabel: (s: number) => string;
  /** The game is over: the replay is offered, and every seat's analysis. */
  over: boolean;
  /** The game has a solver: hands that are over can be analysed. */
  solver: boolean;
  /** Rounds that are over, and the one to analyse first. */
  rounds: number;
  round: number;
}

/** "S1 Ana" → the seat's label with suit symbols coloured, card codes as people write them. */
function readableText(text: string, seatLabel: (s: number) => string): Child[] {
  return suitSpans(readable(withNames(text, seatLabel)));
}

export class Review {
  readonly root: HTMLElement;
  private body = h("div", { class: "review-body" });
  private tabs = h("div", { class: "review-tabs", role: "tablist" });
  private mode: "replay" | "analysis";
  private step = 0;
  private steps = 0;
  private round: number;
  private keys = (e: KeyboardEvent) => this.onKey(e);

  constructor(
    private readonly actions: ReviewActions,
    private readonly o: ReviewOptions,
    mode: "replay" | "analysis",
    private readonly onClose: () => void,
  ) {
    this.mode = o.over || !o.solver ? mode : "analysis";
    this.round = o.round;
    this.root = h(
      "div",
      { class: "overlay", "data-testid": "review", role: "dialog", "aria-label": "review", onclick: (e: Event) => e.target === this.root && this.close() },
      h(
        "div",
        { class: "panel review-panel" },
        h("div", { class: "rules-head" }, h("b", {}, `Review: ${o.title}`), this.tabs, h("button", { type: "button", "data-testid": "review-close", onclick: () => this.close() }, "Close")),
        this.body,
      ),
    );
    document.addEventListener("keydown", this.keys);
    this.show(this.mode);
  }

  close(): void {
    document.removeEventListener("keydown", this.keys);
    this.root.remove();
    this.onClose();
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === "Escape") this.close();
    if (this.mode !== "replay") return;
    if (e.key === "ArrowRight") this.go(this.step + 1);
    if (e.key === "ArrowLeft") this.go(this.step - 1);
  }

  private show(mode: "replay" | "analysis"): void {
    this.mode = mode;
    const tab = (m: "replay" | "analysis", text: string, enabled: boolean) =>
      enabled ? h("button", { type: "button", role: "tab", class: m === mode ? "tab active" : "tab", "aria-selected": m === mode, "data-testid": `review-${m}`, onclick: () => this.show(m) }, text) : null;
    fill(this.tabs, tab("replay", "Replay", this.o.over), tab("analysis", "Analysis", this.o.solver && this.o.rounds > 0));
    fill(this.body, h("p", { class: "dim" }, "Loading…"));
    if (mode === "replay") this.actions.replay(this.o.table, this.step);
    else this.actions.analysis(this.o.table, this.round);
  }

  private go(step: number): void {
    const s = Math.max(0, Math.min(this.steps || step, step));
    if (s === this.step && this.steps) return;
    this.step = s;
    this.actions.replay(this.o.table, s);
  }

  /** The room could not answer (a hand with cards not played while the game goes on...). */
  showError(message: string): void {
    fill(this.body, h("p", { class: "error", "data-testid": "review-error" }, message));
  }

  showReplay(m: ReplayMsg): void {
    if (this.mode !== "replay") return;
    this.step = m.step;
    this.steps = m.steps;
    const v = m.view;
    const label = this.o.seatLabel;
    const zones = readLayout(v);
    const slider = h("input", { type: "range", min: 0, max: m.steps, value: m.step, "aria-label": "move", "data-testid": "replay-slider" }) as HTMLInputElement;
    slider.addEventListener("change", () => this.go(Number(slider.value)));
    const button = (text: string, to: number, id: string, title: string) =>
      h("button", { type: "button", "data-testid": id, title, disabled: to === m.step || to < 0 || to > m.steps, onclick: () => this.go(to) }, text);
    const move = m.move ? h("span", {}, h("b", {}, label(m.move.seat)), ": ", suitSpans(m.move.label || m.move.text)) : h("span", { class: "dim" }, "the deal");
    const seatRows = Array.from({ length: this.o.seats }, (_, s) => {
      const hand = m.hands[s];
      const owned = zones.filter((z) => z.owner === s && z.kind !== "trick");
      return h(
        "div",
        { class: `replay-seat${m.move && m.move.seat === s ? " moved" : ""}`, "data-testid": `replay-seat-${s}` },
        h("span", { class: "replay-name" }, label(s)),
        h("span", { class: "replay-hand" }, hand && hand.length ? sortHand(hand, str(v.rank_order), str(v.trump), strArr(v.reversed_suits), strArr(v.top_cards)).map((c) => cardEl(c, "small")) : h("span", { class: "dim" }, hand ? "no cards" : "")),
        owned.map((z) => zoneEl(z, { decorateCard: (el) => el }, "small")),
      );
    });
    const middle = zones.filter((z) => z.owner === null);
    const facts = readFacts(v);
    fill(
      this.body,
      h(
        "div",
        { class: "replay-controls" },
        button("« start", 0, "replay-start", "the deal"),
        button("◀", m.step - 1, "replay-prev", "the move before (←)"),
        h("span", { class: "replay-count", "data-testid": "replay-count" }, `move ${m.step} of ${m.steps}`),
        button("▶", m.step + 1, "replay-next", "the next move (→)"),
        button("end »", m.steps, "replay-end", "the end"),
        slider,
      ),
      h("p", { class: "replay-move", "data-testid": "replay-move" }, move),
      str(v.status) ? h("p", { class: "dim" }, readableText(str(v.status)!.replace(/^./, (c) => c.toUpperCase()), label)) : null,
      middle.length ? h("div", { class: "replay-middle" }, middle.map((z) => zoneEl(z, { decorateCard: (el) => el }, "small"))) : null,
      h("div", { class: "replay-seats" }, seatRows),
      m.events.length
        ? h(
            "ul",
            { class: "replay-events dim" },
            m.events.filter((e) => e.text).map((e) => h("li", {}, readableText(e.text!, label))),
          )
        : null,
      facts && facts.length ? h("details", { class: "replay-facts" }, h("summary", {}, "more about this moment"), factsEl(facts, label)) : null,
    );
  }

  showAnalysis(m: AnalysisMsg): void {
    if (this.mode !== "analysis") return;
    const a = m.analysis;
    const label = this.o.seatLabel;
    const r = a.rounds[0];
    const unit = (n: number) => (a.values === "points" ? `${n} ${Math.abs(n) === 1 ? "point" : "points"}` : `${n} ${Math.abs(n) === 1 ? "trick" : "tricks"}`);
    const rounds = Math.max(this.o.rounds, a.rounds_complete);
    const select = h(
      "select",
      { "data-testid": "analysis-round", "aria-label": "hand" },
      Array.from({ length: rounds }, (_, i) => h("option", { value: i + 1, selected: r?.round === i + 1 }, `hand ${i + 1}`)),
    ) as HTMLSelectElement;
    select.addEventListener("change", () => {
      this.round = Number(select.value);
      fill(this.body, h("p", { class: "dim" }, "Analysing…"));
      this.actions.analysis(this.o.table, this.round);
    });
    const meaning =
      a.values === "points"
        ? "Every hand known: the most each player could be sure to score in the hand after that card, everyone else playing against them."
        : "Every hand known: the tricks the player's side ends the hand with after that card, everyone playing their best.";
    const row = (p: PlayAnalysis) => {
      const others = p.cards.length > 1;
      return h(
        "tr",
        { class: p.cost > 0 ? "costly" : "", "data-testid": "analysis-play" },
        h("td", {}, p.trick ?? ""),
        h("th", {}, label(p.seat)),
        h("td", {}, cardEl(p.card, "small")),
        h("td", {}, unit(p.value)),
        h("td", {}, !others ? h("span", { class: "dim" }, "only card") : p.cost === 0 ? "best" : h("span", {}, suitSpans(p.best_cards.map(cardLabel).join(", ")), ` ${unit(p.best)}`)),
        h("td", { class: p.cost > 0 ? "neg" : "" }, p.cost > 0 ? `−${p.cost}` : ""),
      );
    };
    const costs = (r?.costs ?? [])
      .map((c, s) => (c === null ? null : `${label(s)} ${c === 0 ? "played best" : `lost ${unit(c)}`}`))
      .filter((x): x is string => x !== null);
    fill(
      this.body,
      h("div", { class: "analysis-head" }, h("label", {}, "Double-dummy analysis of ", select), a.seat !== null ? h("span", { class: "dim" }, ` (your plays; everyone's once the game is over)`) : null),
      h("p", { class: "dim" }, meaning),
      r && r.plays.length
        ? h(
            "div",
            { class: "table-scroll" },
            h(
              "table",
              { class: "analysis-table", "data-testid": "analysis" },
              h("thead", {}, h("tr", {}, h("th", {}, "trick"), h("th", {}, "player"), h("th", {}, "card"), h("th", {}, "value"), h("th", {}, "best"), h("th", {}, "cost"))),
              h("tbody", {}, r.plays.map(row)),
            ),
          )
        : h("p", { class: "dim" }, "No card was played in this hand."),
      costs.length ? h("p", { "data-testid": "analysis-costs" }, costs.join(" · ")) : null,
    );
  }
}
