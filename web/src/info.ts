// The generic "table info" panel: every view key a game adds beyond the envelope, drawn from its
// value's shape alone (key: value, card codes as small cards, per-seat lists as one line a seat),
// so that every game is playable even where the page has no layout of its own for it. Also the
// game's own board lines ("board": [{"title", "cards" | "piles" | "text", "note"}]) and score card.
import { h, type Child } from "./dom";
import { cardEl, isCardCode } from "./cards";
import type { Json, JsonObject } from "./protocol";
import { ENVELOPE_KEYS, arr, isCardList, keyLabel, obj, str } from "./view";

export interface InfoContext {
  numSeats: number;
  seatLabel: (s: number) => string;
  /** Wraps a drawn card so that a legal move naming it can be clicked (table.ts). */
  decorateCard: (el: HTMLElement) => HTMLElement;
}

function smallCard(code: string, ctx: InfoContext): HTMLElement {
  return ctx.decorateCard(cardEl(code, "small"));
}

function cardRow(codes: string[], ctx: InfoContext): HTMLElement {
  return h("span", { class: "card-row" }, codes.map((c) => smallCard(c, ctx)));
}

/** A value drawn from its shape; `depth` bounds nested objects. */
export function valueEl(v: Json, ctx: InfoContext, depth = 0, perSeat = true): Child {
  if (v === null) return h("span", { class: "dim" }, "–");
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return isCardCode(v) ? smallCard(v, ctx) : v;
  if (Array.isArray(v)) {
    if (v.length === 0) return h("span", { class: "dim" }, "none");
    if (isCardList(v)) return cardRow(v, ctx);
    // One entry per seat: a line per seat, so "known", "chains", "status" read as a list of seats.
    if (perSeat && v.length === ctx.numSeats && ctx.numSeats > 1) {
      return h(
        "span",
        { class: "per-seat" },
        v.map((x, s) =>
          h("span", { class: "per-seat-row" }, h("b", {}, ctx.seatLabel(s)), " ", valueEl(x, ctx, depth + 1, false)),
        ),
      );
    }
    if (v.every((x) => x === null || typeof x !== "object")) {
      return v.map((x) => (x === null ? "–" : String(x))).join(", ");
    }
    return h("span", { class: "list" }, v.map((x) => h("span", { class: "list-item" }, valueEl(x, ctx, depth + 1, false))));
  }
  if (depth > 2) return JSON.stringify(v);
  return h(
    "span",
    { class: "obj" },
    Object.entries(v).map(([k, x]) => h("span", { class: "obj-item" }, h("span", { class: "dim" }, keyLabel(k) + " "), valueEl(x, ctx, depth + 1))),
  );
}

/** The keys the info panel shows: the game's own, or only those its "board_keys" lists, less
 * the card lists the board already draws (Bridge Solitaire's face-up and kept cards). */
export function infoKeys(view: JsonObject): string[] {
  const listed = Array.isArray(view.board_keys) ? new Set(arr(view.board_keys).map(String)) : null;
  const onBoard = new Set(
    arr(view.board)
      .map((line) => obj(line)?.cards)
      .filter(isCardList)
      .map((cards) => cards.join(" ")),
  );
  return Object.keys(view)
    .filter((k) => !ENVELOPE_KEYS.has(k) && k !== "score_card")
    .filter((k) => listed === null || listed.has(k))
    .filter((k) => !(isCardList(view[k]) && onBoard.has((view[k] as string[]).join(" "))))
    .sort();
}

export function infoPanel(view: JsonObject, ctx: InfoContext): HTMLElement {
  const rows = infoKeys(view).map((k) =>
    h("div", { class: "info-row", "data-key": k }, h("span", { class: "info-key" }, keyLabel(k)), h("span", { class: "info-value" }, valueEl(view[k], ctx))),
  );
  return h("div", { class: "info-list" }, rows.length ? rows : h("span", { class: "dim" }, "nothing more to show"));
}

/** The game's board: its own lines ("board" as a list of {title, ...}) or a plain list of cards
 * (Schwimmen's face-up board). Null when the view has none. */
export function boardEl(view: JsonObject, ctx: InfoContext): HTMLElement | null {
  const board = view.board;
  if (isCardList(board)) return h("div", { class: "board" }, h("div", { class: "board-line" }, h("span", { class: "board-title" }, "board"), cardRow(board, ctx)));
  if (!Array.isArray(board) || board.length === 0) return null;
  const lines = board.map((lineJson) => {
    const line = obj(lineJson);
    if (!line) return null;
    let body: Child = null;
    if (Array.isArray(line.cards)) {
      body = line.cards.length ? cardRow(arr(line.cards).map(String), ctx) : h("span", { class: "dim" }, "empty");
    } else if (Array.isArray(line.piles)) {
      // Piles side by side, each bottom first and drawn overlapping upwards like a tableau.
      body = h(
        "span",
        { class: "piles" },
        arr(line.piles).map((p) =>
          h("span", { class: "pile" }, arr(p).length ? arr(p).map((c) => smallCard(String(c), ctx)) : h("span", { class: "pile-empty" })),
        ),
      );
    } else if (str(line.text) !== null) {
      body = h("span", {}, str(line.text));
    }
    return h(
      "div",
      { class: "board-line" },
      h("span", { class: "board-title" }, (str(line.title) ?? "").trim()),
      body,
      str(line.note) ? h("span", { class: "dim board-note" }, str(line.note)) : null,
    );
  });
  return h("div", { class: "board" }, lines);
}

/** "score_card": {"rows": [names], "seats": [[a cell per row] per seat]} (Indian Chief's seven
 * boxes): a grid, a row per box and a column per seat. */
export function scoreCardEl(view: JsonObject, ctx: InfoContext): HTMLElement | null {
  const card = obj(view.score_card);
  if (!card || !Array.isArray(card.rows) || !Array.isArray(card.seats)) return null;
  const seats = arr(card.seats);
  return h(
    "table",
    { class: "sheet score-card" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((_, s) => h("th", {}, ctx.seatLabel(s))))),
    h(
      "tbody",
      {},
      arr(card.rows).map((row, r) =>
        h("tr", {}, h("th", {}, String(row)), seats.map((cells) => h("td", {}, valueEl(arr(cells)[r] ?? null, ctx, 1, false)))),
      ),
    ),
  );
}
