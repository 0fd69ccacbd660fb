#!/usr/bin/env bash
# Every test layer, in order: the engine (cargo test), the wasm facade in headless Chromium
# (wasm-pack test), then the page end to end (playwright-core driving Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

echo "== layers: no import cycle between a crate's top-level modules; unit tests where the rule says"
node scripts/module-cycles.mjs
node scripts/test-placement.mjs

echo "== engine: cargo test"
cargo test --workspace --exclude chessfront-web
# The variant for tests only, registered behind its own feature: the recipe for adding a variant.
cargo test -p chessfront-engine --features mini --test new_variant

echo "== wasm facade: wasm-pack test --headless --chrome"
wasm-pack test --headless --chrome crate/web

echo "== page: build, input logic and end-to-end tests"
node scripts/build.mjs
node --test --test-concurrency=1 tests/unit/ tests/e2e/
