// The score sheet. A `table` message brings every completed round's summary so far ("rounds"),
// whose running totals are the initial score plus the points of the rounds up to each; after that,
// each view's last round summary (view "last_round", core/game.h) adds its round, with the view's
// scores when it first appears as the totals after that round.
import { h, type Child } from "./dom";
import type { Json, JsonObject } from "./protocol";
import { arr, num, numArr, obj, str } from "./view";
import { cardEl, isCardCode } from "./cards";

interface Row {
  round: number;
  summary: JsonObject;
  totals: (number | null)[];
}

function cell(v: Json | undefined): Child {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") {
    // Card codes in sheet text ("8S AD 8C") are drawn as tiny cards, the rest kept as text.
    const words = v.split(" ");
    if (words.length <= 6 && words.every(isCardCode)) return h("span", { class: "card-row" }, words.map((w) => cardEl(w, "tiny")));
    return v;
  }
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

/** The seats of team `t` (the table message's "teams": each seat's team). */
export function teamSeats(teams: number[] | null, t: number): number[] {
  return (teams ?? []).map((x, s) => (x === t ? s : -1)).filter((s) => s >= 0);
}

/** A team named by its players ("S0 Ana + S2 normal"), else "Team 2". */
export function teamName(teams: number[] | null, t: number, seatLabel: (s: number) => string): string {
  const seats = teamSeats(teams, t);
  return seats.length ? seats.map((s) => seatLabel(s)).join(" + ") : `Team ${t + 1}`;
}

export class ScoreBook {
  private rows = new Map<number, Row>();

  /** Starts again from the rounds a `table` message brings: totals are the initial score plus
   * each round's points (team points in team-scored games). */
  load(rounds: Json[] | undefined, view: JsonObject): void {
    this.rows.clear();
    let totals: (number | null)[] | null = null;
    for (const r of rounds ?? []) {
      const summary = obj(r);
      const round = summary ? num(summary.round) : null;
      if (!summary || round === null) continue;
      const teamMode = Array.isArray(summary.team_points);
      const points = numArr(teamMode ? summary.team_points : summary.points);
      if (!totals) {
        const initial = num(view.initial_score) ?? 0;
        totals = points.map(() => initial);
      }
      totals = totals.map((t, i) => (t === null || points[i] === null || points[i] === undefined ? null : t + (points[i] as number)));
      this.rows.set(round, { round, summary, totals: totals.slice() });
    }
  }

  /** Notes the view's round summary, if it is new. */
  record(view: JsonObject): void {
    const lr = obj(view.last_round);
    const round = lr ? num(lr.round) : null;
    if (!lr || round === null) return;
    const teamMode = Array.isArray(lr.team_points);
    const totals = numArr(teamMode ? view.team_scores : view.scores);
    const old = this.rows.get(round);
    // A summary is kept once; a later view of the same round (more of it revealed at the match's
    // end, say) replaces its cells but not its totals.
    this.rows.set(round, { round, summary: lr, totals: old ? old.totals : totals });
  }

  /** `teams`: each seat's partnership (the table message's "teams"), to name team columns. */
  render(view: JsonObject, seatLabel: (s: number) => string, teams: number[] | null = null): HTMLElement {
    const rows = [...this.rows.values()].sort((a, b) => a.round - b.round);
    const latest = rows.length ? rows[rows.length - 1].summary : null;
    // Team-scored games (Truc, Back Alley) keep a column per team from the first deal on.
    const teamMode = latest ? Array.isArray(latest.team_points) : Array.isArray(view.team_scores) && Array.isArray(teams);
    const scores = numArr(teamMode ? view.team_scores : view.scores);
    const units = scores.length;
    const unitLabel = (u: number) => (teamMode ? teamName(teams, u, seatLabel) : seatLabel(u));
    const sheet = arr(latest?.sheet).map((c) => obj(c)).filter((c): c is JsonObject => c !== null);
    const valueCols = sheet.filter((c) => "value" in c);
    // In team-scored games the per-seat columns form one group (the seats' own calls).
    const seatGroupCols = teamMode ? sheet.filter((c) => Array.isArray(c.seats)) : [];
    const unitCols = sheet.filter((c) => Array.isArray(teamMode ? c.teams : c.seats));
    // Without a sheet, a trick game's bid and tricks won per seat.
    const plain = sheet.length === 0 && !teamMode;
    const plainCols = plain ? ["bids", "tricks_won"].filter((k) => rows.some((r) => Array.isArray(r.summary[k]))) : [];
    const perUnit = unitCols.length + plainCols.length + 2;

    const head1: Child[] = [h("th", { rowspan: 2 }, "#")];
    const head2: Child[] = [];
    for (const c of valueCols) head1.push(h("th", { rowspan: 2 }, str(c.title) ?? ""));
    for (const c of seatGroupCols) head1.push(h("th", { rowspan: 2 }, str(c.title) ?? ""));
    for (let u = 0; u < units; u++) {
      head1.push(h("th", { colspan: perUnit, class: "unit" }, unitLabel(u)));
      // The running total first: the column a reader looks for, never the one scrolled away.
      head2.push(h("th", { class: "total" }, "total"), h("th", {}, "pts"));
      for (const c of unitCols) head2.push(h("th", {}, str(c.title) ?? ""));
      for (const k of plainCols) head2.push(h("th", {}, k === "bids" ? "bid" : "won"));
    }

    const body = rows.map((r) => {
      const cols = arr(r.summary.sheet).map((c) => obj(c)).filter((c): c is JsonObject => c !== null);
      const byTitle = (title: Json | undefined) => cols.find((c) => c.title === title) ?? null;
      const points = arr(teamMode ? r.summary.team_points : r.summary.points);
      const cells: Child[] = [h("td", {}, String(r.round))];
      for (const c of valueCols) cells.push(h("td", {}, cell(byTitle(c.title)?.value)));
      for (const c of seatGroupCols)
        cells.push(h("td", {}, arr(byTitle(c.title)?.seats).map((x) => (x === null ? "–" : String(x))).join(" · ")));
      for (let u = 0; u < units; u++) {
        const p = num(points[u]);
        cells.push(h("td", { class: "total" }, r.totals[u] === null || r.totals[u] === undefined ? "" : String(r.totals[u])));
        cells.push(h("td", { class: p !== null && p < 0 ? "neg" : "" }, p === null ? "" : (p > 0 ? "+" : "") + String(p)));
        for (const c of unitCols) cells.push(h("td", {}, cell(arr(teamMode ? byTitle(c.title)?.teams : byTitle(c.title)?.seats)[u])));
        for (const k of plainCols) cells.push(h("td", {}, cell(arr(r.summary[k])[u])));
      }
      return h("tr", {}, cells);
    });

    const foot: Child[] = [h("th", { colspan: 1 + valueCols.length + seatGroupCols.length }, "now")];
    for (let u = 0; u < units; u++) {
      foot.push(h("td", { class: "total", "data-testid": `total-${u}` }, scores[u] === null ? "" : String(scores[u])), h("td", { colspan: perUnit - 1 }, ""));
    }

    // The standings above the sheet: every seat's (or team's) total, whatever the width.
    const standings = h(
      "div",
      { class: "standings", "data-testid": "standings" },
      scores.map((sc, u) => h("span", { class: "standing" }, h("span", { class: "standing-name" }, unitLabel(u)), h("b", {}, sc === null ? "–" : String(sc)))),
    );
    return h(
      "div",
      {},
      standings,
      h(
      "div",
      { class: "sheet-wrap" },
      h(
        "table",
        { class: "sheet", "data-testid": "score-sheet" },
        h("thead", {}, h("tr", {}, head1), h("tr", {}, head2)),
        h("tbody", {}, body),
        h("tfoot", {}, h("tr", {}, foot)),
      ),
      ),
    );
  }
}
