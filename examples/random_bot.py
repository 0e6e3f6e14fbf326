#!/usr/bin/env python3
"""A Cardroom bot that plays any game by choosing a random legal move.

The bot protocol (docs/bot_protocol.md): Cardroom writes one JSON object per line on this program's
standard input and reads one answer line from its standard output after each `decide` message.

    cardroom play reds --opponents 'exec:python3 examples/random_bot.py'
    cardroom sim reds --bots 'exec:python3 examples/random_bot.py,heuristic' --games 8

Standard library only. Logs go to standard error: standard output carries only answers.
"""
import json
import random
import sys


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "start" and message["protocol"] != 1:
            print(f"random_bot: protocol {message['protocol']} unknown", file=sys.stderr)
            sys.exit(2)
        elif kind == "decide":
            # The seed makes the choice reproducible: the same match, the same moves.
            rng = random.Random(message["seed"])
            move = rng.choice(message["moves"])
            print(json.dumps({"move": move}), flush=True)
        # "event" and "end" messages are not needed to play at random; a bot that logs writes to
        # standard error: print(message["scores"], file=sys.stderr).


if __name__ == "__main__":
    main()
