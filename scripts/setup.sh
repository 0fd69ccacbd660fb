#!/usr/bin/env bash
# Installs what the project needs and is missing; a tool already present is not reinstalled.
#   setup.sh build   Rust wasm target, wasm-bindgen CLI matching Cargo.lock, the build's npm packages
#   setup.sh test    + wasm-pack, Chromium and ChromeDriver (Debian packages), the tests' npm packages
#   setup.sh bench   + npm packages, Stockfish (Debian's package)
# Works unattended (CI=true, no standard input). Needs cargo/rustup, node and npm; apt-get for Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-build}"
say() { echo "setup: $*" >&2; }

command -v cargo >/dev/null || { say "cargo is missing: install Rust with rustup (https://rustup.rs) first."; exit 1; }
command -v node >/dev/null || { say "node is missing: install Node.js 20 or newer first."; exit 1; }

# Rust's WebAssembly target.
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown Rust target"
  rustup target add wasm32-unknown-unknown
fi

# The wasm-bindgen CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (found '${have:-none}'); this takes a few minutes once"
  # --force: cargo may remember an install whose binary is gone, and would then skip it.
  cargo install --force wasm-bindgen-cli --version "$want" --locked || cargo install --force wasm-bindgen-cli --version "$want"
fi

apt_install() {
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { say "need root (or sudo) to install: $*"; exit 1; }
    sudo="sudo"
  fi
  say "installing Debian packages: $*"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

if [ "$purpose" = test ]; then
  if ! command -v wasm-pack >/dev/null; then
    say "installing wasm-pack; this takes a few minutes once"
    cargo install --force wasm-pack --locked || cargo install --force wasm-pack
  fi
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
fi

# Stockfish, for the bench's games against it only (the tests never need it).
if [ "$purpose" = bench ] && [ ! -x /usr/games/stockfish ] && [ ! -x /usr/bin/stockfish ]; then
  apt_install stockfish
fi

# npm packages (package-lock.json): the build's wasm-opt (binaryen), icon renderer (@resvg/resvg-js) and
# bundler (esbuild); the tests' and the bench's playwright-core and chessops; the tests' axe-core (accessibility).
npm_missing=false
for p in binaryen @resvg/resvg-js esbuild; do [ -d "node_modules/$p" ] || npm_missing=true; done
if [ "$purpose" = test ] || [ "$purpose" = bench ]; then
  for p in playwright-core chessops axe-core; do [ -d "node_modules/$p" ] || npm_missing=true; done
fi
if $npm_missing || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages"
  npm ci --no-audit --no-fund
fi
