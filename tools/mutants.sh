#!/usr/bin/env bash
# Mutation testing of one game's rules (issue 18 point 3): runs cargo-mutants over the game's
# rule modules (setup, each action, end of round and game, scoring, solo) with that game's
# scenario tests (the unit tests under rust/core/src/GAME/tests), each mutant's tests under a
# timeout. Installs the pinned cargo-mutants from crates.io when it is missing.
#
#   tools/mutants.sh GAME [cargo-mutants options...]
#
# GAME is sunrise, sorcery or nijar; further options go to cargo-mutants, e.g.
#   --shard 0/8          one eighth of the mutants (run the shards on separate machines)
#   --in-diff FILE       only the mutants of a diff (`git diff main > FILE`), before a rule
#                        change lands
#   --list               list the mutants without testing them
# Results go to target/mutation/GAME/mutants.out (caught.txt, missed.txt, timeout.txt,
# unviable.txt, outcomes.json). Environment: MUTANTS_TIMEOUT (seconds of tests per mutant,
# default 30: a game's unit tests take 1-2 s unmutated), MUTANTS_JOBS (mutants built and tested at once, default 1), MUTANTS_MODULES
# (a space-separated subset of the game's rule modules, e.g. "throw round": one shard a file,
# as benches/results/mutants-nijar.md was made). Only the library's unit tests are built
# (`--cargo-arg --lib`): without it every mutant also rebuilds every integration test and
# the benches, several times the work. With --in-place
# the mutants are made in this tree and built in its warm target/ (fast; never interrupt it
# with kill -9, or a mutated file may stay behind: check `git status`).
# Not part of CI: a whole game's run takes hours of CPU.
set -euo pipefail

readonly VERSION=25.3.1

usage() {
    echo "usage: tools/mutants.sh sunrise|sorcery|nijar [cargo-mutants options...]" >&2
    exit 2
}

game=${1:-}
[ $# -gt 0 ] && shift
# The rule modules of each game: what decides what can happen (not the card-file reader,
# the texts, the views or the bounds).
# skip: tests left out of each mutant's run, for their time (each is a random-play invariant
# that takes seconds unoptimised; a mutant only they would catch is counted missed).
skip=()
case "$game" in
    sunrise) modules=(state moves placements open_icons complete score) ;;
    sorcery)
        modules=(state apply moves week score solo)
        skip=(--skip mixing_groups_stay_consistent_through_play)
        ;;
    nijar) modules=(state acquire moves pieces play round throw score solo) ;;
    *) usage ;;
esac
if [ -n "${MUTANTS_MODULES:-}" ]; then
    read -r -a modules <<<"$MUTANTS_MODULES"
fi

cd "$(dirname "$0")/.."
if ! cargo mutants --version 2>/dev/null | grep -qx "cargo-mutants $VERSION"; then
    cargo install --locked "cargo-mutants@$VERSION"
fi

files=()
for m in "${modules[@]}"; do
    files+=(--file "rust/core/src/$game/$m.rs")
done
# cargo-mutants tests one mutant at a time unless told (and --in-place allows only one).
jobs=()
if [ -n "${MUTANTS_JOBS:-}" ]; then
    jobs=(--jobs "$MUTANTS_JOBS")
fi

mkdir -p "target/mutation/$game"
# `--cargo-arg --lib`: build and run only the library's unit tests; after `--` `--`: the
# test binary's filter (only this game's tests).
exec cargo mutants --package craftgames-core "${files[@]}" \
    --cargo-arg --lib \
    --profile mutants \
    --timeout "${MUTANTS_TIMEOUT:-30}" \
    "${jobs[@]}" \
    --output "target/mutation/$game" \
    "$@" -- -- "$game::" "${skip[@]}"
