// Reading a view (the JSON object of core/game.h's "view envelope") without trusting its shape:
// every game fills the common keys its own way (or not at all), so each accessor falls back to
// "absent" rather than throwing.
import type { Json, JsonObject, LegalMove } from "./protocol";
import { isCardCode } from "./cards";

export function num(v: Json | undefined): number | null {
  return typeof v === "number" ? v : null;
}
export function str(v: Json | undefined): string | null {
  return typeof v === "string" ? v : null;
}
export function arr(v: Json | undefined): Json[] {
  return Array.isArray(v) ? v : [];
}
export function obj(v: Json | undefined): JsonObject | null {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : null;
}
export function numArr(v: Json | undefined): (number | null)[] {
  return arr(v).map((x) => num(x));
}
export function strArr(v: Json | undefined): string[] {
  return arr(v).filter((x): x is string => typeof x === "string");
}

/** A list of card codes (every element a card code, at least one). */
export function isCardList(v: Json | undefined): v is string[] {
  return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string" && isCardCode(x));
}

export interface Trick {
  leader: number | null;
  seats: number[];
  cards: string[];
  winner: number | null;
}

/** A trick as views give it ({"leader", "seats", "cards", "winner"}). Some round summaries leave
 * out "seats": the cards were then played from the leader on, one seat after another. */
export function readTrick(v: Json | undefined, numSeats: number): Trick | null {
  const t = obj(v);
  if (!t) return null;
  const cards = strArr(t.cards);
  const leader = num(t.leader);
  let seats = numArr(t.seats).filter((s): s is number => s !== null);
  if (seats.length !== cards.length && leader !== null && numSeats > 0)
    seats = cards.map((_, i) => (leader + i) % numSeats);
  return { leader, seats, cards, winner: num(t.winner) };
}

/** The view keys every game means the same by (core/game.h), and the trick game keys: the table
 * draws them in their own places, so the generic info panel leaves them out. */
export const ENVELOPE_KEYS = new Set([
  "game", "seat", "players", "phase", "round", "rounds", "dealer", "hand", "hand_sizes", "scores",
  "team_scores", "to_act", "legal", "over", "winners", "last_round", "seq", "trump", "trick",
  "tricks", "tricks_won", "rank_order", "round_name", "initial_score", "seat_notes", "board_keys",
  "board", "house", "moves", "layout", "status", "facts", "card_names", "top_cards", "reversed_suits", "out",
]);

// ---- Moves ----

export interface MovePlan {
  /** Card code -> the moves that are just "VERB CARD": clicking the card makes the move. */
  cardMoves: Map<string, LegalMove[]>;
  /** Every other move, shown as a button (including "play 5S truc": a card and more). */
  buttons: LegalMove[];
  /** Card code -> the buttons whose text names that card, to narrow the buttons to a chosen card
   * (Schwimmen's "swap AS KD"). */
  cardButtons: Map<string, LegalMove[]>;
}

/** Sorts the legal moves into card clicks and buttons, from the moves' data (the server names
 * each move's verb and cards): a move that names one card and nothing else ("play QD", "keep JS",
 * "discard 7H") is that card's click; a contract bid, a call or a move with more to it ("play 5S
 * truc") is a button. Bids come in auction order: by level, then clubs, diamonds, hearts, spades,
 * no trumps. A server without the data: a move of two words whose second is a card code. */
export function planMoves(legal: LegalMove[]): MovePlan {
  const cardMoves = new Map<string, LegalMove[]>();
  const cardButtons = new Map<string, LegalMove[]>();
  const buttons: LegalMove[] = [];
  for (const m of legal) {
    const words = m.text.trim().split(/\s+/);
    const cards = m.cards ?? words.filter((w) => isCardCode(w));
    const alone = cards.length === 1 && !m.strain && words.length <= 2 && (m.cards !== undefined || words.length === 1 || isCardCode(words[1]));
    if (alone) {
      cardMoves.set(cards[0], [...(cardMoves.get(cards[0]) ?? []), m]);
      continue;
    }
    buttons.push(m);
    for (const c of new Set(cards)) cardButtons.set(c, [...(cardButtons.get(c) ?? []), m]);
  }
  buttons.sort(auctionOrder);
  return { cardMoves, buttons, cardButtons };
}

const STRAINS = ["C", "D", "H", "S", "NT"];
/** Contract bids by level then strain, after the moves that are not bids (pass, double), which keep
 * the server's order. */
function auctionOrder(a: LegalMove, b: LegalMove): number {
  const sa = a.strain ? STRAINS.indexOf(a.strain) : -1;
  const sb = b.strain ? STRAINS.indexOf(b.strain) : -1;
  if (sa < 0 || sb < 0) return (sa < 0 ? 0 : 1) - (sb < 0 ? 0 : 1);
  return (a.number ?? 0) - (b.number ?? 0) || sa - sb;
}

/** What a move says to people: its label, else its text. */
export function moveLabel(m: LegalMove): string {
  return m.label ?? m.text;
}

/** "Hand 4 of 26", "Round 2", or "" for a one-round match. */
export function roundText(view: JsonObject): string {
  const round = num(view.round);
  const rounds = num(view.rounds);
  if (round === null || rounds === 1) return "";
  // Over: the round counter has moved past the last round ("Round 6 of 5"); the last one is said.
  const shown = rounds && round > rounds ? rounds : round;
  const name = str(view.round_name) ?? "round";
  const title = name.charAt(0).toUpperCase() + name.slice(1);
  return rounds ? `${title} ${shown} of ${rounds}` : `${title} ${shown}`;
}

/** A key name for people: "stub_size" -> "stub size". */
export function keyLabel(key: string): string {
  return key.replace(/_/g, " ");
}
