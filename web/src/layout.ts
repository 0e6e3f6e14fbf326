// The table a game declares (core/table_layout.h): its zones drawn as cards, its status line and
// its facts. The page knows no game: a zone's kind says how its cards lie, its owner where.
//   trick  drawn by the felt itself (table.ts), each card before the seat that played it
//   pile   the top card face up (or a back) with how many lie there
//   fan    cards side by side; a count beyond the cards shown adds backs
//   row    a sequence, its empty spaces still to fill drawn as outlines (a Tadmur chain, a Nuts
//          tableau pile)
//   board  face-up cards in the middle
//   meld   a declared combination before its owner
import { h, type Child } from "./dom";
import { backEl, cardEl, cardLabel, isCardCode } from "./cards";
import type { Json, JsonObject } from "./protocol";
import { arr, num, obj, str, strArr } from "./view";

export interface Zone {
  id: string;
  kind: string;
  label: string;
  owner: number | null;
  cards: string[];
  count: number | null;
  spaces: number;
  highlight: Set<string>;
}

export interface Fact {
  label: string;
  value: string;
}

/** The view's zones; [] when it declares none (an older server). */
export function readLayout(view: JsonObject): Zone[] {
  if (!Array.isArray(view.layout)) return [];
  const zones: Zone[] = [];
  for (const z of arr(view.layout)) {
    const o = obj(z);
    if (!o) continue;
    zones.push({
      id: str(o.id) ?? "",
      kind: str(o.kind) ?? "fan",
      label: str(o.label) ?? "",
      owner: num(o.owner),
      cards: strArr(o.cards),
      count: num(o.count),
      spaces: num(o.spaces) ?? 0,
      highlight: new Set(strArr(o.highlight)),
    });
  }
  return zones;
}

export function readFacts(view: JsonObject): Fact[] | null {
  if (!Array.isArray(view.facts)) return null;
  return arr(view.facts)
    .map((f: Json) => obj(f))
    .filter((f): f is JsonObject => f !== null)
    .map((f) => ({ label: str(f.label) ?? "", value: str(f.value) ?? "" }));
}

/** "S1" in a status or fact made the players' names ("S1 Ana"): the game writes seats as S0..S7. */
export function withNames(text: string, seatLabel: (s: number) => string): string {
  return text.replace(/\bS([0-9])\b/g, (_, d: string) => seatLabel(Number(d)));
}

export interface ZoneContext {
  /** Wraps a drawn card so that a legal move naming it can be clicked (table.ts). */
  decorateCard: (el: HTMLElement) => HTMLElement;
}

/** Backs for `count` face-down cards, at most a few drawn, the number written beside. */
function backs(count: number, size: string): Child[] {
  if (count <= 0) return [];
  return [h("span", { class: "zone-backs" }, Array.from({ length: Math.min(count, 3) }, () => backEl(size)))];
}

/** One zone as an element: its label above its cards. `size`: the card size class. */
export function zoneEl(z: Zone, ctx: ZoneContext, size: string): HTMLElement {
  const card = (code: string) => {
    const el = ctx.decorateCard(cardEl(code, size));
    if (z.highlight.has(code)) el.classList.add("highlight");
    return el;
  };
  let body: Child;
  let countNote: string | null = null;
  switch (z.kind) {
    case "pile": {
      const n = z.count ?? z.cards.length;
      const top = z.cards.length ? card(z.cards[z.cards.length - 1]) : n > 0 ? backEl(size) : h("span", { class: `card slot ${size}` });
      body = h("span", { class: "zone-pile" }, top);
      countNote = n > 1 || (n === 1 && !z.cards.length) ? String(n) : n === 0 ? "empty" : null;
      break;
    }
    case "row":
      body = h(
        "span",
        { class: "zone-row" },
        z.cards.map(card),
        Array.from({ length: Math.min(z.spaces, 12) }, () => h("span", { class: `card slot ${size}` })),
        z.cards.length === 0 && z.spaces === 0 ? h("span", { class: `card slot ${size}` }) : null,
      );
      break;
    default: {
      const hidden = z.count !== null ? z.count - z.cards.length : 0;
      body = h("span", { class: "zone-fan" }, z.cards.map(card), backs(hidden, size));
      if (hidden > 3) countNote = `${hidden} face down`;
      if (!z.cards.length && hidden <= 0) body = h("span", { class: "dim zone-empty" }, "—");
    }
  }
  return h(
    "div",
    { class: `zone zone-${z.kind}`, "data-zone": z.id, "data-testid": `zone-${z.id}` },
    z.label ? h("span", { class: "zone-label" }, z.label) : null,
    body,
    countNote ? h("span", { class: "zone-count" }, countNote) : null,
  );
}

/** The facts as a definition list. */
export function factsEl(facts: Fact[], seatLabel: (s: number) => string): HTMLElement {
  if (!facts.length) return h("p", { class: "dim" }, "nothing more to show");
  return h(
    "dl",
    { class: "facts", "data-testid": "facts" },
    facts.map((f) => [h("dt", {}, f.label), h("dd", {}, suitSpans(withNames(f.value, seatLabel)))]),
  );
}

/** Text with its suit symbols coloured. */
export function suitSpans(text: string): Child[] {
  const out: Child[] = [];
  for (const part of text.split(/([♥♦♠♣])/)) {
    if (!part) continue;
    if (part === "♥" || part === "♦") out.push(h("span", { class: "red-suit" }, part));
    else out.push(part);
  }
  return out;
}


/** An event's text for people: its card codes as cards ("S1 plays Q♦", "joker 1"). */
export function readable(text: string): string {
  return text.replace(/[A-Z0-9]{2,3}/g, (w, at: number) => {
    const before = at > 0 ? text[at - 1] : " ";
    const after = text[at + w.length] ?? " ";
    if (/[A-Za-z0-9]/.test(before) || /[A-Za-z0-9]/.test(after)) return w;
    return isCardCode(w) ? cardLabel(w) : w;
  });
}
