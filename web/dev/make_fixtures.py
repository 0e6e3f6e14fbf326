#!/usr/bin/env python3
"""Fixtures for developing the page without the server.

Writes web/dev/fixtures/<game>_<n>.json: `table` messages as `cardroom serve` sends them
(docs/web_protocol.md), built from real views of the engine's Python module at a few points of a
random match of every registered game, and web/dev/fixtures/games.json, a `games` message.

The Python module gives views, legal moves and records but not the engine's events, so the
`events` here are made up from the moves applied (kind, seat, card, amount, text); they only have
to look like real events for the page's log and animations. Everything else is real.

Run: PYTHONPATH=/work/main/build/python python3 web/dev/make_fixtures.py
"""
import json
import os
import random
import re
import sys

import cardroom

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures")
DOCS = os.path.join(HERE, "..", "..", "docs", "games")

TITLES = {
    "reds": "Reds", "s48": "S48", "back_alley": "Back Alley", "tadmur": "Tadmur", "truc": "Truc",
    "schwimmen": "Schwimmen", "indian_chief": "Indian Chief", "bridgette": "Bridgette",
    "bridge_solitaire": "Bridge Solitaire", "red_rover": "Red Rover", "nuts": "Nuts",
}
NAMES = ["Ada", "Boris", "Chen", "Dora", "Emil", "Fay", "Gus", "Hana"]


def option_specs(game):
    """The option specs of a game, read from the Options table of its docs page (the server takes
    them from the engine's OptionSpec; this is close enough for the create form)."""
    path = os.path.join(DOCS, game + ".md")
    specs = []
    if not os.path.exists(path):
        return specs
    text = open(path, encoding="utf-8").read()
    section = text.split("## Options", 1)[1].split("\n## ", 1)[0] if "## Options" in text else ""
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not cells[0].startswith("`"):
            continue
        name, values, default, help_ = cells[0].strip("`"), cells[1], cells[2].strip("`"), cells[3]
        spec = {"name": name, "help": help_}
        rng = re.match(r"^(-?\d+)\s*(?:\.\.|to|-)\s*(-?\d+)", values)
        if values.replace(" ", "") in ("true,false", "false,true"):
            spec.update(type="bool", default=default == "true")
        elif rng and re.match(r"^-?\d+$", default):
            spec.update(type="int", default=int(default), min=int(rng.group(1)),
                        max=int(rng.group(2)))
        else:
            choices = [c.strip().strip("`") for c in values.split(",") if c.strip()]
            spec.update(type="choice", default=default, choices=choices)
        specs.append(spec)
    return specs


def seats_for(n, me, seed):
    """SEAT entries: the viewer a connected human, one open seat, computers elsewhere."""
    rng = random.Random(seed)
    seats = []
    for s in range(n):
        if s == me:
            seats.append({"seat": s, "kind": "human", "name": "me", "player": None,
                          "connected": True, "away": False})
        elif s == (me + 1) % n and n > 2 and rng.random() < 0.5:
            seats.append({"seat": s, "kind": "human", "name": NAMES[s], "player": "heuristic",
                          "connected": False, "away": True})
        elif s == (me + 2) % n and n > 2:
            seats.append({"seat": s, "kind": "human", "name": NAMES[s], "player": None,
                          "connected": True, "away": False})
        else:
            seats.append({"seat": s, "kind": "computer", "name": "heuristic",
                          "player": "heuristic", "connected": True, "away": False})
    return seats


def made_up_event(seat, text, before, after):
    """An event shaped like the engine's from a move's text (see the module docstring)."""
    words = text.split()
    ev = {"kind": "note", "seat": seat, "text": "S%d: %s" % (seat, text)}
    if words and words[0] == "play" and len(words) > 1:
        ev.update(kind="play", card=words[1], text="S%d plays %s" % (seat, words[1]))
    elif words and words[0] == "bid" and len(words) > 1 and words[1].isdigit():
        ev.update(kind="bid", amount=int(words[1]), text="S%d bids %s" % (seat, words[1]))
    elif words and words[0] in ("pass", "cut", "tap", "board"):
        ev.update(kind="bid", label=words[0], text="S%d: %s" % (seat, words[0]))
    events = [ev]
    tb, ta = before.get("tricks") or [], after.get("tricks") or []
    if isinstance(ta, list) and len(ta) > len(tb) and isinstance(ta[-1], dict):
        w = ta[-1].get("winner")
        events.append({"kind": "trick", "seat": w, "number": len(ta),
                       "text": "trick %d is won by S%s" % (len(ta), w)})
    if after.get("last_round") != before.get("last_round") and after.get("last_round"):
        pts = (after["last_round"] or {}).get("points") or []
        for s, p in enumerate(pts if isinstance(pts, list) else []):
            if isinstance(p, int):
                events.append({"kind": "score", "seat": s, "points": p,
                               "total": after["scores"][s],
                               "text": "S%d scores %d, total %d" % (s, p, after["scores"][s])})
    return events


def table_message(game, state, seat, seats, events, chat, turn_seconds):
    view = state.view(seat if seat is not None else -1)
    legal = []
    if seat is not None and seat in state.actors():
        legal = [{"text": state.move_text(m), "code": str(m)} for m in state.legal_moves(seat)]
    turn = None
    if turn_seconds and state.actors():
        turn = {"seats": state.actors(), "seconds": turn_seconds,
                "deadline_ms": 1_900_000_000_000}
    return {
        "type": "table", "table": "t-" + game, "game": game, "title": TITLES.get(game, game),
        "seat": seat, "seats": seats, "started": True, "over": state.over(),
        "seq": state.seq(), "view": view, "legal": legal, "events": events[-200:],
        "chat": chat, "turn": turn,
        "record": "/record/t-" + game if state.over() else None,
    }


def play_to(state, rng, stop, me, events):
    """Random moves until `stop` moves are applied, the match ends, or the viewer may move after
    at least `stop` moves (so most fixtures have clickable moves)."""
    while not state.over() and state.seq() < stop:
        actors = state.actors()
        seat = rng.choice(actors)
        moves = state.legal_moves(seat)
        move = rng.choice(moves)
        before = state.view(me)
        text = state.move_text(move)
        state.apply(seat, move)
        events.extend(made_up_event(seat, text, before, state.view(me)))
    # Step on to the viewer's turn, if it comes soon.
    for _ in range(40):
        if state.over() or me in state.actors():
            break
        seat = state.actors()[0]
        move = rng.choice(state.legal_moves(seat))
        before = state.view(me)
        text = state.move_text(move)
        state.apply(seat, move)
        events.extend(made_up_event(seat, text, before, state.view(me)))


def main():
    os.makedirs(OUT, exist_ok=True)
    games_msg = {"type": "games", "games": [], "players": []}
    players = set()
    index = []
    for game in cardroom.games():
        g = cardroom.load_game(game)
        players.update(g.players())
        games_msg["games"].append({"name": game, "title": TITLES.get(game, game),
                                   "description": "", "options": option_specs(game)})
        n = g.num_seats()
        me = 0
        rng = random.Random(sum(map(ord, game)))  # hash() is salted per run
        state = g.new_match(seed=11)
        events = []
        chat = [{"seat": (me + 1) % n, "name": NAMES[(me + 1) % n], "text": "good luck!",
                 "to": "table"}]
        if game == "truc":
            chat.append({"seat": 2, "name": NAMES[2], "text": "I have a three", "to": "team"})
        seats = seats_for(n, me, len(game))
        for i, stop in enumerate([0, 6, 25, 10**6]):
            play_to(state, rng, stop, me, events)
            msg = table_message(game, state, me, seats, events, chat, 30 if i == 1 else 0)
            name = "%s_%d.json" % (game, i)
            with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
                json.dump(msg, f, indent=1)
            index.append(name)
        # One spectator's view of the finished match.
        msg = table_message(game, state, None, seats, [e for e in events], chat, 0)
        name = "%s_watch.json" % game
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
            json.dump(msg, f, indent=1)
        index.append(name)
    games_msg["players"] = sorted(players)
    with open(os.path.join(OUT, "games.json"), "w", encoding="utf-8") as f:
        json.dump(games_msg, f, indent=1)
    lobby = {"type": "lobby", "tables": [
        {"table": "t-reds", "game": "reds", "title": "Reds",
         "seats": seats_for(4, 0, 3), "started": True, "over": False, "spectators": 2},
        {"table": "t-truc", "game": "truc", "title": "Truc",
         "seats": [{"seat": s, "kind": "open", "name": "", "player": None, "connected": False,
                    "away": False} for s in range(4)], "started": False, "over": False,
         "spectators": 0},
    ]}
    with open(os.path.join(OUT, "lobby.json"), "w", encoding="utf-8") as f:
        json.dump(lobby, f, indent=1)
    with open(os.path.join(OUT, "index.json"), "w", encoding="utf-8") as f:
        json.dump(index, f, indent=1)
    print("wrote %d fixtures to %s" % (len(index) + 2, OUT), file=sys.stderr)


if __name__ == "__main__":
    main()
