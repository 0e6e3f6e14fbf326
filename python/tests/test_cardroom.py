"""Tests of the Python module `cardroom` (docs/python.md), run by pytest through CTest (`python`).

The build directory's python/ folder is on PYTHONPATH; CARDROOM names the cardroom binary, whose
`sim --json` and `replay --json` the module's results are compared with.
"""

import copy
import json
import os
import random
import subprocess

import numpy
import pytest

import cardroom

GAMES = [
    "reds", "s48", "back_alley", "bridgette", "bridge_solitaire", "red_rover", "truc", "tadmur",
    "schwimmen", "indian_chief", "nuts",
]
CLI = os.environ.get("CARDROOM")


def play_random(state, rng, moves):
    """Plays up to `moves` random legal moves (the lowest actor moves); returns how many."""
    made = 0
    while made < moves and not state.over():
        actors = state.actors()
        seat = actors[0] if state.mode() != "real_time" else rng.choice(actors)
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        made += 1
    return made


def test_games_lists_every_game():
    assert sorted(cardroom.games()) == sorted(GAMES)


def test_load_game_by_name_and_game_string():
    game = cardroom.load_game("reds(players=6)")
    assert game.name() == "reds"
    assert game.num_seats() == 6
    assert game.options()["players"] == 6
    assert "players=6" in game.game_string()
    assert cardroom.load_game(game.game_string()).game_string() == game.game_string()


@pytest.mark.parametrize("text", ["nosuchgame", "reds(players=9)", "reds(colour=blue)", "reds("])
def test_bad_game_strings_are_clear_errors(text):
    with pytest.raises(ValueError) as err:
        cardroom.load_game(text)
    assert str(err.value)


@pytest.mark.parametrize("name", GAMES)
def test_random_match_to_the_end(name):
    game = cardroom.load_game(name if name != "nuts" else "nuts(max_hands=1)")
    state = game.new_match(seed=7)
    rng = random.Random(7)
    play_random(state, rng, 20000)
    assert state.over()
    assert state.actors() == []
    assert len(state.scores()) == game.num_seats()
    assert state.mode() in ("turn", "simultaneous", "real_time")


def test_modes_of_simultaneous_and_real_time_games():
    chief = cardroom.load_game("indian_chief").new_match(seed=1)
    assert chief.mode() == "simultaneous"
    assert len(chief.actors()) > 1
    nuts = cardroom.load_game("nuts").new_match(seed=1)
    assert nuts.mode() == "real_time"


def test_illegal_move_raises_and_changes_nothing():
    state = cardroom.load_game("s48").new_match(seed=3)
    seat = state.actors()[0]
    other = (seat + 1) % state.num_seats()
    before = state.view(seat)
    legal = state.legal_moves(seat)
    with pytest.raises(cardroom.IllegalMove) as err:
        state.apply(other, legal[0])
    assert "turn" in str(err.value)
    with pytest.raises(cardroom.IllegalMove):
        state.apply(seat, max(legal) + 12345)
    with pytest.raises(cardroom.IllegalMove):
        state.apply(seat, "bid 99")
    with pytest.raises(cardroom.IllegalMove):
        state.apply(seat, -1)
    with pytest.raises(ValueError):
        state.apply(9, legal[0])
    with pytest.raises(TypeError):
        state.apply(seat, 1.5)
    assert issubclass(cardroom.IllegalMove, ValueError)
    assert state.view(seat) == before
    assert state.seq() == 0


def test_move_text_and_parse_move_agree():
    state = cardroom.load_game("reds").new_match(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if state.over():
            break
        seat = state.actors()[0]
        for move in state.legal_moves(seat):
            assert state.parse_move(seat, state.move_text(move)) == move
        move = rng.choice(state.legal_moves(seat))
        state.apply(seat, state.move_text(move))  # move text applies too


def test_moves_as_data():
    state = cardroom.load_game("bridgette").new_match(seed=3)
    seen_bid = False
    rng = random.Random(3)
    for _ in range(80):
        if state.over():
            break
        seat = state.actors()[0]
        view = state.view(seat)
        assert [m["text"] for m in view["moves"]] == view["legal"]
        for move in state.legal_moves(seat):
            data = state.move_data(move)
            assert data["code"] == str(move) and data["text"] == state.move_text(move)
            assert data["label"]
            if data["verb"] == "bid" and "strain" in data:
                seen_bid = True
                assert data["cards"] == [] and isinstance(data["number"], int)
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert seen_bid


def test_view_is_the_seats_own():
    state = cardroom.load_game("s48").new_match(seed=2)
    view = state.view(0)
    assert view["game"] == "s48"
    assert view["seat"] == 0
    assert isinstance(view["hand"], list) and view["hand"]
    spectator = state.view(-1)
    assert "hand" not in spectator
    assert json.dumps(view)  # plain Python data


def test_clone_is_independent():
    state = cardroom.load_game("truc").new_match(seed=4)
    twin = state.clone()
    seat = state.actors()[0]
    state.apply(seat, state.legal_moves(seat)[0])
    assert twin.seq() == 0 and state.seq() == 1
    assert copy.deepcopy(state).view(seat) == state.view(seat)


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_what_the_seat_knows(name):
    state = cardroom.load_game(name).new_match(seed=11)
    rng = random.Random(11)
    play_random(state, rng, 9)
    for seat in range(state.num_seats()):
        world = state.resample(seat, seed=99)
        assert world.view(seat) == state.view(seat)
        assert numpy.array_equal(world.observation(seat), state.observation(seat))
    with pytest.raises(ValueError):
        state.resample(seat, seed=1).to_record()


@pytest.mark.parametrize("name", GAMES)
def test_observation_has_a_fixed_size(name):
    game = cardroom.load_game(name if name != "nuts" else "nuts(max_hands=1)")
    size = game.observation_size()
    layout = game.observation_layout()
    assert layout and sum(f["size"] for f in layout) == size
    offsets = [f["offset"] for f in layout]
    assert offsets == sorted(offsets) and offsets[0] == 0
    state = game.new_match(seed=21)
    rng = random.Random(21)
    nonzero = numpy.zeros(size, dtype=bool)
    while True:
        for seat in range(state.num_seats()):
            obs = state.observation(seat)
            assert obs.dtype == numpy.float32 and obs.shape == (size,)
            assert numpy.all(numpy.isfinite(obs))
            nonzero |= obs != 0
        if state.over() or play_random(state, rng, 5) == 0:
            break
    assert nonzero.any()


def test_observation_differs_by_seat_only_in_what_it_knows():
    state = cardroom.load_game("s48").new_match(seed=8)
    game = state.game()
    hand = next(f for f in game.observation_layout() if f["path"] == "/hand")
    a = state.observation(0)[hand["offset"]:hand["offset"] + hand["size"]]
    b = state.observation(1)[hand["offset"]:hand["offset"] + hand["size"]]
    assert a.sum() == len(state.view(0)["hand"])
    assert not numpy.array_equal(a, b)


def test_record_round_trip(tmp_path):
    state = cardroom.load_game("s48(players=3)").new_match(seed=13, first_dealer=1)
    rng = random.Random(13)
    play_random(state, rng, 40)
    record = state.to_record()
    assert record["game"] == "s48" and record["seed"] == 13 and len(record["moves"]) == 40
    again = cardroom.load_record(record)
    assert again.view(0) == state.view(0) and again.seq() == state.seq()
    # A loaded match goes on and its record holds every move.
    play_random(again, rng, 5)
    assert len(again.to_record()["moves"]) == 45
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    from_file = cardroom.load_record(str(path))
    assert from_file.view(2) == state.view(2)
    if CLI:
        out = subprocess.run([CLI, "replay", "--json", str(path)], check=True,
                             capture_output=True, text=True).stdout
        assert json.loads(out)["totals"] == state.scores()


def test_bad_records_are_clear_errors(tmp_path):
    with pytest.raises(ValueError):
        cardroom.load_record({"game": "s48", "moves": [[0, "bid 99"]]})
    with pytest.raises(ValueError):
        cardroom.load_record(str(tmp_path / "missing.json"))
    with pytest.raises(TypeError):
        cardroom.load_record({"game": "s48", "moves": [[0, object()]]})


def test_bots_play_legal_moves():
    state = cardroom.load_game("back_alley").new_match(seed=3)
    players = {name: cardroom.bot(name) for name in ("random", "heuristic", "ismcts(iterations=50)")}
    for i in range(12):
        seat = state.actors()[0]
        move = players[list(players)[i % 3]].move(state, seat, seed=i)
        assert move in state.legal_moves(seat)
        state.apply(seat, move)
    with pytest.raises(ValueError):
        cardroom.bot("nosuchbot").move(state, state.actors()[0])
    with pytest.raises(ValueError):
        cardroom.bot("heuristic").move(state, (state.actors()[0] + 1) % 4)


def test_simulate_matches_cardroom_sim():
    result = cardroom.simulate("s48", bots=["heuristic", "random"], games=8, seed=3)
    assert result["matches"] == 8
    assert result["margin"]["of"] == "heuristic" if "margin" in result else True
    again = cardroom.simulate(cardroom.load_game("s48"), bots=["heuristic", "random"], games=8,
                              seed=3, threads=2)
    assert again == result
    if CLI:
        out = subprocess.run([CLI, "sim", "s48", "--bots", "heuristic,random", "--games", "8",
                              "--seed", "3", "--json"], check=True, capture_output=True,
                             text=True).stdout
        assert json.loads(out) == result
    with pytest.raises(ValueError):
        cardroom.simulate("s48", bots=["nosuchbot"], games=2)


def test_external_bots_play_from_python():
    source = os.environ.get("SOURCE_DIR")
    if not source:
        pytest.skip("SOURCE_DIR (the repository) is not set")
    player = f"exec:/usr/bin/python3 {source}/examples/random_bot.py"
    state = cardroom.load_game("tadmur").new_match(seed=2)
    seat = state.actors()[0]
    assert cardroom.bot(player).move(state, seat, seed=1) in state.legal_moves(seat)
    result = cardroom.simulate("reds(players=2)", bots=[player, "heuristic"], games=2, seed=5)
    assert result["matches"] == 2
    if CLI:
        out = subprocess.run([CLI, "sim", "reds(players=2)", "--bots", player + ",heuristic",
                              "--games", "2", "--seed", "5", "--json"], check=True,
                             capture_output=True, text=True).stdout
        assert json.loads(out) == result


def test_a_failing_external_bot_is_an_error():
    source = os.environ.get("SOURCE_DIR")
    if not source:
        pytest.skip("SOURCE_DIR (the repository) is not set")
    player = f"exec(timeout_ms=2000):/usr/bin/python3 {source}/tests/bots/misbehaving_bot.py crash 1"
    state = cardroom.load_game("tadmur").new_match(seed=2)
    with pytest.raises(RuntimeError) as err:
        cardroom.bot(player).move(state, state.actors()[0])
    assert "exec bot" in str(err.value)
