"""Speed of the Python module (docs/python.md): a plain Python loop stepping random moves one at a
time (actors, legal_moves, choose, apply; the match is over when no seat may act), and cardroom.simulate against the same run of
`cardroom sim`. Prints moves per second; nothing is asserted (machines are shared and noisy).

    PYTHONPATH=build/python /usr/bin/python3 python/bench_loop.py [GAME] [SECONDS]
"""

import random
import sys
import time

import cardroom


def loop(game_string, seconds):
    game = cardroom.load_game(game_string)
    rng = random.Random(1)
    choice = rng.choice
    moves = matches = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = game.new_match(seed=seed)
        seed += 1
        while True:
            actors = state.actors()  # [] once the match is over
            if not actors:
                break
            seat = actors[0]
            state.apply(seat, choice(state.legal_moves(seat)))
            moves += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, matches


def main():
    game = sys.argv[1] if len(sys.argv) > 1 else "s48"
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    rate, matches = loop(game, seconds)
    print(f"python loop  {game}: {rate:,.0f} moves/s ({matches} matches)")
    start = time.perf_counter()
    result = cardroom.simulate(game, bots=["random"], games=2000, seed=1)
    elapsed = time.perf_counter() - start
    print(f"simulate     {game}: {result['moves'] / elapsed:,.0f} moves/s "
          f"({result['matches']} matches, random players, {elapsed:.2f} s)")


if __name__ == "__main__":
    main()
