// Prints the table the page draws for one fixture as an indented outline (tag.class : text,
// cards as [code], * when clickable): a way to read the DOM without a browser.
//   JSDOM_DIR=/tmp/j node dev/outline.mjs truc_2.json
import * as esbuild from "esbuild";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const { JSDOM } = createRequire(path.join(process.env.JSDOM_DIR ?? ".", "noop.js"))("jsdom");
const b = await esbuild.build({
  entryPoints: [path.join(here, "smoke_entry.ts")],
  bundle: true,
  write: false,
  format: "iife",
  globalName: "Page",
  footer: { js: "window.Page = Page;" },
});
const w = new JSDOM(`<body></body>`, { url: "http://localhost/", runScripts: "outside-only" }).window;
w.eval(b.outputFiles[0].text);
const t = new w.Page.TableView({ move() {}, hint() {}, chat() {}, leave() {} });
w.document.body.append(t.root);
t.setTable(JSON.parse(readFileSync(path.join(here, "fixtures", process.argv[2]), "utf8")));

const cardText = (c) => `[${c.dataset.card ?? "back"}${c.classList.contains("playable") ? "*" : ""}]`;
function walk(el, depth) {
  const pad = "  ".repeat(depth);
  if (el.classList.contains("card")) return `${pad}${cardText(el)}\n`;
  const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(" ");
  const cls = el.className ? "." + String(el.className).split(" ").join(".") : "";
  let s = `${pad}${el.tagName.toLowerCase()}${cls}${el.hidden ? " HIDDEN" : ""}${own ? " : " + own.slice(0, 100) : ""}\n`;
  const kids = [...el.children];
  if (kids.length > 1 && kids.every((k) => k.classList.contains("card"))) return s + pad + "  " + kids.map(cardText).join(" ") + "\n";
  for (const k of kids) s += walk(k, depth + 1);
  return s;
}
process.stdout.write(walk(t.root, 0));
