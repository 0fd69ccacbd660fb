#!/usr/bin/env bash
# Mutation testing of the trust and format code (`npm run mutants`): cargo-mutants changes the code one
# small way at a time (a condition flipped, a result replaced by a constant) and runs the tests; a change
# no test notices ("missed") is a behaviour nothing pins down. Every missed mutant must be killed by a
# new test or listed, with why it cannot change behaviour, in tests/mutants-equivalent.md.
#   scripts/mutants.sh                 the trust and format modules (links and their one spelling,
#                                      chance, seals, the game's record, the session with its
#                                      continuation rule, setups, storage and the computer's turns);
#                                      a trust module added to the engine is added to this list
#   scripts/mutants.sh FILE...         only these engine files (paths under crate/engine/src)
# Results land in target/mutants/mutants.out (missed.txt, caught.txt, ...). Takes about a minute per
# 3 mutants on two cores (all of them: about 2 hours); installs cargo-mutants when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(link.rs base64url.rs chance.rs seal.rs authorship.rs game/mod.rs game/authors.rs session/continuation.rs session/trust.rs
    session/secrets.rs session/setups.rs session/save.rs session/cap.rs session/transfer.rs
    session/mod.rs session/opening.rs session/records.rs session/keep.rs session/json.rs
    session/status.rs session/computer.rs session/computer_turns.rs)
fi
missing=()
for f in "${files[@]}"; do [ -f "crate/engine/src/$f" ] || missing+=("$f"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "mutants.sh: no such engine file: ${missing[*]} (the list above is out of date)" >&2
  exit 1
fi
# cargo-mutants creates its output folder but not the folders above it: on a fresh clone there is no
# target/ yet.
mkdir -p target/mutants
args=()
for f in "${files[@]}"; do args+=(-f "crate/engine/src/$f"); done
# The unit tests (the session's trust rules among them), the frozen data and each variant's game tests
# (the record's canonical turns, undo and seals are exercised there); not perft, the search or the long
# fuzz runs.
# shellcheck disable=SC2086 # MUTANTS_ARGS holds extra options, e.g. "-j 2" or "--in-diff x.diff".
# The test targets go to every cargo call (-C), so each mutant builds only these.
cargo mutants -p chessfront-engine "${args[@]}" --profile mutants --output target/mutants ${MUTANTS_ARGS:-} \
  -C --lib -C --test=link_vectors -C --test=known_answers -C --test=bad_input -C --test=properties \
  -C --test=napoleon -C --test=checkered -C --test=chess2024 -C --test=wounds -C --test=gunnery \
  -- -- --skip search:: --skip arena::
