#!/usr/bin/env bash
# CLI tests: file errors, game strings on every subcommand, bad numbers and names on the command
# line, and where `play` saves (--save checked at start, resume saves back, Ctrl-C saves).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

finish
