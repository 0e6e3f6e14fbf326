#!/usr/bin/env python3
"""A bot for the tests of the bot protocol (tests/exec_player_test.cc, tests/cli/exec_test.sh).

    misbehaving_bot.py HOW [N]

plays a random legal move (from the decide message's seed) until its Nth decision (default 3),
where it misbehaves as HOW says:
    illegal    answers the move 'play XX'
    index      answers an index past the legal moves
    malformed  answers a line that is not JSON
    sleep      answers nothing for ten seconds
    crash      exits with status 3 without answering
    chatter    writes a second line after its answer (in the same write)
    bytes      answers a line that is not UTF-8 and is cut inside a character
    plain      never misbehaves, answering plain move texts
    indexed    never misbehaves, answering {"index": i}
"""
import json
import random
import sys
import time


def main():
    how = sys.argv[1]
    nth = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] != "decide":
            continue
        decisions += 1
        moves = message["moves"]
        index = random.Random(message["seed"]).randrange(len(moves))
        if decisions == nth:
            if how == "illegal":
                print(json.dumps({"move": "play XX"}), flush=True)
                continue
            if how == "index":
                print(json.dumps({"index": len(moves)}), flush=True)
                continue
            if how == "malformed":
                print("{this is not json", flush=True)
                continue
            if how == "sleep":
                time.sleep(10)
            if how == "crash":
                sys.exit(3)
            if how == "bytes":
                sys.stdout.buffer.write(b"\xff\xfe " + "\u2660".encode() * 40 + b"\n")
                sys.stdout.flush()
                continue
            if how == "chatter":
                print(json.dumps({"move": moves[index]}) + "\nhello", flush=True)
                continue
        if how == "plain":
            print(moves[index], flush=True)
        elif how == "indexed":
            print(json.dumps({"index": index}), flush=True)
        else:
            print(json.dumps({"move": moves[index]}), flush=True)


if __name__ == "__main__":
    main()
