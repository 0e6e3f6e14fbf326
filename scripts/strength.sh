#!/usr/bin/env bash
# Regenerates the ladder table of docs/strength.md: `cardroom ladder` for every registered game
# (its default options and default players: random, heuristic, pimc where it applies, ismcts),
# then rewrites the part of the page between the markers `<!-- ladder:begin -->` and
# `<!-- ladder:end -->` with one table, saying how it was made.
#
#   scripts/strength.sh                     # 1,000 deals a pair: the issue's bar; about 40 minutes with --threads 2
#   scripts/strength.sh --deals 40          # a quick, rough table
#   scripts/strength.sh --deals 1000 --threads 2 --games "s48 truc" --reuse
#
# The section also gets every game's ratings (Elo scale, random = 0, with 95% intervals: the
# ladder's fit of all its pairs' win rates, match/ratings.h).
# Options: --deals N (deals a pair, default 1000), --seed N (first match seed, default 1),
# --pairs all (every two players meet, not only neighbours: more meetings for the ratings),
# --threads N (default 1), --games "LIST" (run only these; the table still holds every game of
# `cardroom list`, the others from their earlier runs with the same deals and seed), --reuse
# (keep a game's JSON from an earlier run with the same deals and seed: an interrupted run goes
# on).
# BUILD_DIR (default build) holds the binary, built if needed; each game's `ladder --json` is kept
# in $BUILD_DIR/strength/<game>.json. Progress goes to stderr.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-build}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac

deals=1000
seed=1
threads=1
pairs=neighbours
games=""
reuse=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --deals) deals="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --pairs) pairs="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --reuse) reuse=1; shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "strength.sh: unknown option '$1' (see --help)" >&2; exit 1 ;;
  esac
done

if [[ ! -f "$build/build.ninja" && ! -f "$build/Makefile" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" --target cardroom -j "${JOBS:-2}" >&2
cardroom="$build/cardroom"
all_games="$("$cardroom" list | cut -f1 | tr '\n' ' ')"
[[ -n "$games" ]] || games="$all_games"
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [[ -n "$(git -C "$root" status --porcelain -- src 2>/dev/null)" ]]; then commit="$commit+changes"; fi

out="$build/strength"
mkdir -p "$out"
for game in $games; do
  json="$out/$game.json"
  if [[ $reuse -eq 1 && -f "$json" ]] &&
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d['deals']==int(sys.argv[2]) and d['seed']==int(sys.argv[3])))" \
      "$json" "$deals" "$seed"; then
    echo "strength.sh: $game: kept $json" >&2
    continue
  fi
  echo "strength.sh: $game: $deals deals a pair" >&2
  game_start=$(date +%s)
  "$cardroom" ladder "$game" --deals "$deals" --seed "$seed" --threads "$threads" \
    --pairs "$pairs" --json \
    >"$json.tmp"
  python3 - "$json.tmp" "$(($(date +%s) - game_start))" "$commit" "$(date -u +%Y-%m-%d)" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["seconds"], d["commit"], d["date"] = int(sys.argv[2]), sys.argv[3], sys.argv[4]
json.dump(d, open(sys.argv[1], "w"), indent=2)
PY
  mv "$json.tmp" "$json"
done

python3 - "$root/docs/strength.md" "$out" "$deals" "$seed" "$threads" $all_games <<'PY'
import json, os, sys

page, out, deals, seed, threads = sys.argv[1:6]
games = sys.argv[6:]
deals, seed = int(deals), int(seed)
runs = {}
for game in games:
    path = os.path.join(out, game + ".json")
    d = json.load(open(path)) if os.path.exists(path) else None
    if not d or d["deals"] != deals or d["seed"] != seed:
        sys.exit(f"strength.sh: no run of {game} with --deals {deals} --seed {seed} in {out}: "
                 f"run it (--games {game})")
    runs[game] = d

def num(x, digits):
    return f"{x:+.{digits}f}".replace("-", "−")

def digits(e):
    """Decimals that show an estimate's interval to about two significant figures."""
    scale = e["ci95"] if e["ci95"] > 0 else abs(e["mean"])
    return 3 if scale < 1 else 2 if scale < 10 else 1 if scale < 100 else 0

def estimate(e):
    d = digits(e)
    return f"{num(e['mean'], d)} ± {e['ci95']:.{d}f}"

rows = []
for game in games:
    d = runs[game]
    for p in d["pairs"]:
        m, mm, w = p["margin_per_deal"], p["margin_per_match"], p["win_rate"]
        tu, tl = p["ms_per_move"]["upper"], p["ms_per_move"]["lower"]
        sure = abs(m["mean"]) > m["ci95"]
        rows.append(
            f"| {game} | `{p['upper']}` over `{p['lower']}` | {p['match_seeds']:,} × "
            f"{p['deals'] / p['match_seeds']:.3g} = {p['deals']:,.0f} "
            f"| {'**' if sure else ''}{estimate(m)}{'**' if sure else ''} "
            f"| {estimate(mm)} "
            f"| {100 * w['mean']:.1f}% ± {100 * w['ci95']:.1f} "
            f"| {tu['mean_ms']:.2f} ({tu['longest_ms']:.0f}) / {tl['mean_ms']:.2f} ({tl['longest_ms']:.0f}) |")

def rating_cell(d):
    anchor = d.get("anchor", "random")
    def cell(r):
        if r["player"] == anchor:
            return f"`{r['player']}` 0"
        return f"`{r['player']}` {round(r['rating']):+d} ± {round(r['ci95'])}".replace("-", "−")
    return " · ".join(cell(r) for r in sorted(d.get("ratings", []), key=lambda r: r["rating"]))

rating_rows = [f"| {game} | {rating_cell(runs[game])} |" for game in games if runs[game].get("ratings")]

small = deals < 1000
lines = [
    "<!-- ladder:begin -->",
    f"Generated by `scripts/strength.sh --deals {deals} --seed {seed}` on "
    f"{', '.join(sorted({d['date'] for d in runs.values()}))} at commit "
    f"{', '.join(sorted({d['commit'] for d in runs.values()}))}, "
    f"{sum(d['seconds'] for d in runs.values()) // 60} min of ladders on the shared 2-core machine "
    "(other work running: the times per move are only a guide).",
]
if small:
    lines.append(
        f"**A small run ({deals} deals a pair, below the issue's 1,000): the intervals are wide "
        "and the numbers rough; it shows the table's shape and the script at work, not the "
        "players' strength.**")
lines += [
    "",
    "| game | pair (upper over lower) | match seeds × deals each = deals | margin per deal (95% CI) "
    "| margin per match (95% CI) | win rate of the upper (95% CI) "
    "| ms per move, upper / lower (longest) |",
    "|---|---|---|---|---|---|---|",
    *rows,
    "",
    "Margins in bold: the interval excludes zero.",
    "",
    "Ratings on the Elo scale (400 points: odds of 10 to 1 of winning a match), fitted to the win "
    "rates of every pair above (`cardroom ladder`: match/ratings.h), `random` = 0, with 95% "
    "intervals, weakest first:",
    "",
    "| game | ratings (95% CI) |",
    "|---|---|",
    *rating_rows,
    "<!-- ladder:end -->",
]
text = open(page).read()
begin, end = text.find("<!-- ladder:begin -->"), text.find("<!-- ladder:end -->")
if begin < 0 or end < 0:
    sys.exit(f"strength.sh: {page} has no <!-- ladder:begin --> ... <!-- ladder:end --> section")
end += len("<!-- ladder:end -->")
open(page, "w").write(text[:begin] + "\n".join(lines) + text[end:])
print(f"strength.sh: wrote the ladder table of {len(games)} games to {page}", file=sys.stderr)
PY
