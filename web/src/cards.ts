// Cards: reading card codes, drawing them as SVG, and the order a hand is shown in.
//
// A code is a rank then a suit letter ("TD", "AS", "10H"). Games add their own cards (jokers "J1",
// bloopers "BB"/"LB", colons "GC"/"RC"/"LC"): the page knows none of them by name and draws any
// code it cannot read as a labelled card, so a new game's cards still show.
import { h, svg } from "./dom";

export type Suit = "S" | "H" | "D" | "C";

export interface ParsedCard {
  rank: string; // "2".."9", "T", "J", "Q", "K", "A"
  suit: Suit;
}

const SUIT_SYMBOL: Record<Suit, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS_HIGH_TO_LOW = "AKQJT98765432";

export function parseCard(code: string): ParsedCard | null {
  const m = /^(10|[2-9TJQKA])([SHDC])$/.exec(code);
  if (!m) return null;
  return { rank: m[1] === "10" ? "T" : m[1], suit: m[2] as Suit };
}

/** Whether a string looks like a card code: a standard card, or a game's extra card (two or three
 * capitals/digits, as the terminal decides too). Used to draw card-valued view keys as cards. */
export function isCardCode(s: string): boolean {
  return parseCard(s) !== null || /^(BB|LB|GC|RC|LC|J[0-9])$/.test(s);
}

export function suitSymbol(suit: string): string {
  return (SUIT_SYMBOL as Record<string, string>)[suit] ?? suit;
}

export function isRed(suit: string): boolean {
  return suit === "H" || suit === "D";
}

function rankLabel(rank: string): string {
  return rank === "T" ? "10" : rank;
}

/** A card's name for people and screen readers: "10♦", or the code itself. */
export function cardLabel(code: string): string {
  const c = parseCard(code);
  return c ? rankLabel(c.rank) + SUIT_SYMBOL[c.suit] : (extraNames.get(code) ?? code);
}

// ---- Drawing ----
// One viewBox for every card (5:7, a poker card's proportions); CSS sets the size, so the same
// markup serves the hand, the trick and the small cards of the info panel.

const W = 100;
const H = 140;

/** The names of a game's own cards (the view's "card_names": {"J1": "joker 1"}), set by the
 * table for the game it shows. */
const extraNames = new Map<string, string>();
export function setCardNames(names: Record<string, string> | null): void {
  extraNames.clear();
  for (const [code, name] of Object.entries(names ?? {})) extraNames.set(code, name);
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function face(code: string): string {
  const c = parseCard(code);
  if (!c) {
    // A game's own card (a joker, a blooper, a colon): a star and its name, read from the view,
    // in the corner its code, as on a real card; framed so it reads as a card.
    const name = extraNames.get(code);
    const words = (name ?? code).split(/\s+/);
    const lines = words.length > 1 ? [words.slice(0, -1).join(" "), words[words.length - 1]] : words;
    const colour = /^(R|red)/i.test(name ?? "") ? "extra-red" : "";
    return (
      `<rect x="10" y="10" width="${W - 20}" height="${H - 20}" rx="6" class="card-extra-frame"/>` +
      `<g class="${colour}">` +
      `<text x="9" y="28" class="card-extra-code">${escapeXml(code)}</text>` +
      `<text x="${W / 2}" y="${H / 2 + 4}" text-anchor="middle" class="card-extra-star">★</text>` +
      lines.map((l, i) => `<text x="${W / 2}" y="${H / 2 + 34 + i * 16}" text-anchor="middle" class="card-extra-name">${escapeXml(l)}</text>`).join("") +
      `</g>`
    );
  }
  const colour = isRed(c.suit) ? "red" : "black";
  const r = rankLabel(c.rank);
  const s = SUIT_SYMBOL[c.suit];
  const court = "JQK".includes(c.rank);
  // The corner index, repeated upside down: cards fanned in a hand overlap, and the index is
  // what stays visible.
  const index =
    `<text x="9" y="30" class="card-rank">${r}</text>` +
    `<text x="9" y="54" class="card-suit-small">${s}</text>`;
  const centre = court
    ? `<rect x="30" y="34" width="58" height="90" rx="4" class="card-court"/>` +
      `<text x="59" y="88" text-anchor="middle" class="card-court-rank">${r}</text>` +
      `<text x="59" y="116" text-anchor="middle" class="card-court-suit">${s}</text>`
    : `<text x="60" y="100" text-anchor="middle" class="card-pip">${s}</text>`;
  return `<g class="${colour}">${index}${centre}</g>`;
}

export function cardSvg(code: string): string {
  return (
    `<svg viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">` +
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="8" class="card-bg"/>` +
    face(code) +
    `</svg>`
  );
}

const BACK_SVG =
  `<svg viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">` +
  `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="8" class="back-bg"/>` +
  `<rect x="8" y="8" width="${W - 16}" height="${H - 16}" rx="5" class="back-inner"/>` +
  // A lattice of diamonds, drawn as two sets of diagonal lines clipped by the inner frame.
  `<path class="back-lattice" d="${lattice()}"/>` +
  `</svg>`;

function lattice(): string {
  let d = "";
  for (let k = -H; k < W + H; k += 14) {
    d += `M${k} 8 L${k + (H - 16)} ${H - 8} `;
    d += `M${k + (H - 16)} 8 L${k} ${H - 8} `;
  }
  return d;
}

/** A face-up card element. `data-card` is the code: tests and the move wiring find cards by it. */
export function cardEl(code: string, extraClass = ""): HTMLElement {
  const el = h("span", {
    class: `card ${extraClass}`.trim(),
    "data-card": code,
    role: "img",
    "aria-label": cardLabel(code),
    title: cardLabel(code),
  });
  el.appendChild(svg(cardSvg(code)));
  return el;
}

export function backEl(extraClass = ""): HTMLElement {
  const el = h("span", { class: `card back ${extraClass}`.trim(), "aria-hidden": "true" });
  el.appendChild(svg(BACK_SVG));
  return el;
}

// ---- Order ----

/** The display order of a view's hand (core/game.h): by `rank_order` when the view gives one,
 * else grouped by suit, trumps first, high to low. Unreadable codes (a game's extra cards, which
 * are high trumps or wild in every game that has them) come first. */
export function sortHand(cards: string[], rankOrder: string | null, trump: string | null, reversed: string[] = [], first: string[] = []): string[] {
  // Suits alternate colours so neighbouring groups are told apart at a glance.
  const suits: string[] = ["S", "H", "C", "D"];
  if (trump && suits.includes(trump)) {
    suits.splice(suits.indexOf(trump), 1);
    suits.unshift(trump);
  }
  const key = (code: string): [number, number, number] => {
    const c = parseCard(code);
    if (!c) return [0, 0, 0];
    if (first.includes(code)) return [0, 1, 0]; // "top_cards": before every suit (Red Rover's 6♦)
    const rankIdx = rankOrder
      ? (rankOrder.indexOf(c.rank) + 100) % 100 // absent ranks last
      : reversed.includes(c.suit)
        ? 12 - RANKS_HIGH_TO_LOW.indexOf(c.rank) // "reversed_suits": the low card ranks highest
        : RANKS_HIGH_TO_LOW.indexOf(c.rank);
    const suitIdx = suits.indexOf(c.suit);
    return rankOrder ? [1, rankIdx, suitIdx] : [1, suitIdx, rankIdx];
  };
  return cards
    .map((code, i) => ({ code, i, k: key(code) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2] || a.i - b.i)
    .map((x) => x.code);
}
