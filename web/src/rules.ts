// The rules panel: a game's rules page, the same Markdown `cardroom rules GAME` prints (served at
// /rules/GAME), drawn in a dialog from the lobby and from the table. The players' sections (the
// rules, the variants, the options) are open; the developers' ones (notation, views, records)
// are folded.
import { h, type Child } from "./dom";

/** Inline Markdown: `code`, **bold**, *emphasis*, [links](url); everything else as text. */
function inline(text: string): Child[] {
  const out: Child[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(h("code", {}, m[1]));
    else if (m[2] !== undefined) out.push(h("b", {}, inline(m[2])));
    else if (m[3] !== undefined) out.push(h("em", {}, inline(m[3])));
    // Links lead to the repository's files, which the room does not serve: their text only.
    else out.push(h("span", { class: "link-text" }, m[4]!));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function cells(line: string): string[] {
  return line.replace(/^\s*\|/, "").replace(/\|\s*$/, "").split("|").map((c) => c.trim());
}

/** Block Markdown as the rules pages use it: headings, paragraphs, lists with continuation lines,
 * pipe tables, fenced code, block quotes. */
export function renderMarkdown(md: string): HTMLElement[] {
  const lines = md.replace(/\r/g, "").split("\n");
  const blocks: HTMLElement[] = [];
  let i = 0;
  const isBlockStart = (l: string) => /^(#{1,6} |```|>|\s*([-*]|\d+\.) |\|)/.test(l);
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading) {
      blocks.push(h(`h${Math.min(6, heading[1]!.length + 1)}`, {}, inline(heading[2]!)));
      i++;
      continue;
    }
    if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      i++;
      blocks.push(h("pre", {}, code.join("\n")));
      continue;
    }
    if (line.startsWith(">")) {
      const quote: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith(">"); i++) quote.push(lines[i]!.replace(/^> ?/, ""));
      blocks.push(h("pre", { class: "quote" }, quote.join("\n")));
      continue;
    }
    if (line.startsWith("|")) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.startsWith("|"); i++) if (!/^\|[\s:|-]+\|?\s*$/.test(lines[i]!)) rows.push(cells(lines[i]!));
      const [head, ...body] = rows;
      blocks.push(
        h(
          "div",
          { class: "table-scroll" },
          h("table", { class: "rules-table" }, h("thead", {}, h("tr", {}, (head ?? []).map((c) => h("th", {}, inline(c))))), h("tbody", {}, body.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c))))))),
        ),
      );
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.) (.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]!);
      const indent = item[1]!.length;
      const items: HTMLElement[] = [];
      while (i < lines.length) {
        const m = /^(\s*)([-*]|\d+\.) (.*)$/.exec(lines[i]!);
        if (!m || m[1]!.length !== indent) break;
        const text: string[] = [m[3]!];
        const content = m[1]!.length + m[2]!.length + 1; // where the item's text starts
        const nested: string[] = [];
        // The item's own lines, then blocks inside it (a nested list, a table, code), indented
        // under it; a blank line ends it unless an indented line follows.
        for (i++; i < lines.length; i++) {
          const l = lines[i]!;
          const lead = /^\s*/.exec(l)![0].length;
          if (!l.trim()) {
            if (i + 1 < lines.length && /^\s*/.exec(lines[i + 1]!)![0].length > indent && lines[i + 1]!.trim()) {
              nested.push("");
              continue;
            }
            break;
          }
          if (lead <= indent && (/^\s*([-*]|\d+\.) /.test(l) || nested.length > 0)) break;
          if (nested.length || /^\s*([-*]|\d+\.) |^\s*\||^\s*```/.test(l)) nested.push(l.slice(Math.min(lead, content)));
          else text.push(l.trim());
        }
        items.push(h("li", {}, inline(text.join(" ")), nested.length ? renderMarkdown(nested.join("\n")) : null));
      }
      blocks.push(h(ordered ? "ol" : "ul", {}, items));
      continue;
    }
    const para: string[] = [];
    for (; i < lines.length && lines[i]!.trim() && (para.length === 0 || !isBlockStart(lines[i]!)); i++) para.push(lines[i]!.trim());
    blocks.push(h("p", {}, inline(para.join(" "))));
  }
  return blocks;
}

/** Sections a player reads first are open; the rest are folded under their headings. */
const PLAYER_SECTIONS = /rules|variant|option|scor|how to|object|deal|play/i;
const DEVELOPER_SECTIONS = /notation|replay|json|view|seat sees|encoding|layout|table \(|bots?|player|observation|record/i;

/** The page as a title, an introduction and one fold per `##` section. */
export function rulesBody(md: string): HTMLElement {
  const blocks = renderMarkdown(md);
  const out: HTMLElement[] = [];
  let section: HTMLElement | null = null;
  for (const b of blocks) {
    if (b.tagName === "H2") {
      out.push(b);
      continue;
    }
    if (b.tagName === "H3") {
      const title = b.textContent ?? "";
      const open = PLAYER_SECTIONS.test(title) && !DEVELOPER_SECTIONS.test(title);
      section = h("details", { class: "rules-section", open }, h("summary", {}, title));
      out.push(section);
      continue;
    }
    (section ?? (out.push(h("div", {})), out[out.length - 1]!)).append(b);
  }
  return h("div", { class: "rules-body" }, out);
}

/** Opens the rules of `game` (its registry name) in a dialog over the page. */
export function showRules(game: string, title: string): void {
  const body = h("div", { class: "rules-loading dim" }, "Loading the rules…");
  const close = () => dialog.remove();
  const dialog = h(
    "div",
    {
      class: "overlay",
      "data-testid": "rules",
      role: "dialog",
      "aria-label": `rules of ${title}`,
      onclick: (e: Event) => e.target === dialog && close(),
      onkeydown: (e: Event) => (e as KeyboardEvent).key === "Escape" && close(),
    },
    h(
      "div",
      { class: "panel rules-panel" },
      h("div", { class: "rules-head" }, h("b", {}, `Rules: ${title}`), h("button", { type: "button", "data-testid": "rules-close", onclick: close }, "Close")),
      body,
    ),
  );
  document.body.append(dialog);
  (dialog.querySelector("button") as HTMLButtonElement | null)?.focus();
  fetch(`/rules/${encodeURIComponent(game)}`)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status}`))))
    .then((md) => body.replaceWith(rulesBody(md)))
    .catch(() => (body.textContent = "The rules could not be loaded: try again in a moment."));
}
