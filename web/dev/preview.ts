// Dev-only preview (not part of dist): draws a fixture (make_fixtures.py) with the page's own
// views and no socket, so the table of every game can be looked at in a browser:
//   npm run preview && python3 -m http.server -d . 8000   then open /dev/preview.html
// A move, hint or chat is shown in the status line instead of being sent.
import { TableView } from "../src/table";
import { LobbyView } from "../src/lobby";
import type { GamesMsg, LobbyMsg, TableMsg } from "../src/protocol";
import { h } from "../src/dom";

async function load<T>(name: string): Promise<T> {
  const r = await fetch(`fixtures/${name}`);
  if (!r.ok) throw new Error(`${name}: ${r.status}`);
  return (await r.json()) as T;
}

async function main(): Promise<void> {
  const root = document.getElementById("app")!;
  const names = await load<string[]>("index.json");
  const table = new TableView({
    move: (m, seq) => table.flashStatus(`would send move ${m.text} (code ${m.code}, seq ${seq})`),
    hint: () => table.flashStatus("would ask for a hint"),
    chat: (text, to) => table.addChat({ seat: table.seat, name: "me", text, to }),
    leave: () => show("lobby"),
    again: () => table.flashStatus("would play again"),
    review: (mode) => table.flashStatus(`would open the ${mode}`),
    rules: () => table.flashStatus("would show the rules"),
  });
  const lobby = new LobbyView(
    {
      create: (game, seats, t, p) => lobby.flash(`would create ${game} seats=${seats.join(",")} timer=${t} private=${p}`),
      join: (t) => lobby.flash(`would join ${t}`),
      watch: (t) => lobby.flash(`would watch ${t}`),
      resume: (t) => lobby.flash(`would resume ${t}`),
      forget: () => {},
      setName: () => {},
      rules: (g) => lobby.flash(`would show the rules of ${g}`),
      replay: (g) => lobby.flash(`would replay ${g.table}`),
    },
    "",
  );
  lobby.setGames(await load<GamesMsg>("games.json"));
  lobby.setTables((await load<LobbyMsg>("lobby.json")).tables);
  lobby.setMine(["t-reds"]);

  const pick = h("select", { "aria-label": "fixture" }, h("option", { value: "lobby" }, "lobby"), names.map((n) => h("option", { value: n }, n))) as HTMLSelectElement;
  const stage = h("main", {});
  async function show(name: string): Promise<void> {
    pick.value = name;
    history.replaceState(null, "", `?f=${encodeURIComponent(name)}`);
    if (name === "lobby") {
      stage.replaceChildren(lobby.root);
      return;
    }
    table.setTable(await load<TableMsg>(name));
    stage.replaceChildren(table.root);
  }
  pick.addEventListener("change", () => void show(pick.value));
  root.append(h("div", { class: "preview-bar" }, "Preview: ", pick), stage);
  window.setInterval(() => table.tick(), 250);
  await show(new URLSearchParams(location.search).get("f") ?? names[0]);
}

void main();
