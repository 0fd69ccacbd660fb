#!/usr/bin/env bash
# Mutation testing of the trust and format code (`npm run mutants`): cargo-mutants changes the code one
# small way at a time (a condition flipped, a result replaced by a constant) and runs the tests; a change
# no test notices ("missed") is a behaviour nothing pins down. Every missed mutant must be killed by a
# new test or listed, with why it cannot change behaviour, in tests/mutants-equivalent.md.
#   scripts/mutants.sh                 the trust and format modules (links and their one spelling,
#                                      chance, seals, the game's record, the session with its
#                                      continuation rule, setups, storage and the computer's turns);
#                                      a trust module added to the engine is added to this list
#   scripts/mutants.sh FILE...         only these files (paths under crate/, e.g. game/src/link.rs)
# Results land in target/mutants/mutants.out (missed.txt, caught.txt, ...). Takes about a minute per
# 3 mutants on two cores (all of them: about 2 hours); installs cargo-mutants when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(game/src/link/mod.rs game/src/link/bits.rs game/src/link/sections.rs game/src/link/read.rs
    core/src/base64url.rs game/src/chance.rs game/src/seal.rs game/src/authorship.rs
    game/src/game/mod.rs game/src/game/authors.rs game/src/game/setups.rs game/src/game/chance_steps.rs
    session/src/continuation.rs session/src/trust.rs session/src/secrets.rs session/src/setups.rs
    session/src/save.rs session/src/cap.rs session/src/transfer.rs session/src/lib.rs session/src/playing.rs
    session/src/games.rs session/src/opening.rs session/src/records.rs session/src/keep.rs session/src/json.rs
    session/src/status.rs session/src/computer.rs session/src/computer_turns.rs
    game/src/live/bytes.rs game/src/live/sdp/mod.rs game/src/live/handshake.rs game/src/live/envelope.rs
    game/src/live/statement.rs game/src/live/control.rs session/src/live/clock.rs session/src/live/channel.rs
    session/src/live/flag.rs session/src/live/takeback.rs session/src/live/handshake.rs session/src/live/text.rs)
fi
missing=()
for f in "${files[@]}"; do [ -f "crate/$f" ] || missing+=("$f"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "mutants.sh: no such file under crate/: ${missing[*]} (the list above is out of date)" >&2
  exit 1
fi
# cargo-mutants creates its output folder but not the folders above it: on a fresh clone there is no
# target/ yet.
mkdir -p target/mutants
args=()
for f in "${files[@]}"; do args+=(-f "crate/$f"); done
# The unit tests (the session's trust rules among them), the frozen data and each variant's game tests
# (the record's canonical turns, undo and seals are exercised there); not perft, the search or the long
# fuzz runs.
# shellcheck disable=SC2086 # MUTANTS_ARGS holds extra options, e.g. "-j 2" or "--in-diff x.diff".
# The test targets go to every cargo call (-C), so each mutant builds only these; the trust rules' own
# tests are the game's and the session's unit tests, the frozen data and game tests the engine's.
cargo mutants -p chessfront-core -p chessfront-game -p chessfront-session "${args[@]}" \
  --test-package chessfront-core,chessfront-game,chessfront-session,chessfront-engine --profile mutants --output target/mutants ${MUTANTS_ARGS:-} \
  -C --lib -C --test=link_vectors -C --test=live_vectors -C --test=known_answers -C --test=bad_input -C --test=properties \
  -C --test=napoleon -C --test=checkered -C --test=chess2024 -C --test=wounds -C --test=gunnery \
  -- -- --skip search:: --skip arena::
