// Bundles the page into dist/ (what `cardroom serve` serves), or with --preview the dev-only
// fixture preview into dev/out/. Type-checking is tsc's job (`npm run check`); esbuild only strips
// types, so the build script runs both.
import * as esbuild from "esbuild";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";

const preview = process.argv.includes("--preview");
const outdir = preview ? "dev/out" : "dist/assets";

if (!preview) rmSync("dist", { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const common = {
  bundle: true,
  minify: !preview,
  sourcemap: preview ? "inline" : false,
  target: ["es2020"],
  logLevel: "warning",
};

await esbuild.build({
  ...common,
  entryPoints: { app: preview ? "dev/preview.ts" : "src/main.ts" },
  outdir,
  format: "iife",
});
await esbuild.build({ ...common, entryPoints: { app: "src/style.css" }, outdir });
if (!preview) copyFileSync("src/index.html", "dist/index.html");
console.log(`built ${preview ? "dev/out (preview)" : "dist"}`);
