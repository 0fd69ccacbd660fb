// The first load's budget: the bytes (brotli, as the build's precompressed copies are sent)
// a fresh browser fetches from opening a game link until the board is playable, measured in Chromium by
// scripts/first-load.mjs on the dist/ that test.sh has just built, for links as players receive them
// (invitations made in another profile). Growth fails here when it happens. A budget is raised only with
// a note beside it saying why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';
import { firstLoad, invitationLinks, launch } from '../../scripts/first-load.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');

// A chess link's first load, brotli. Goal: 200,000 bytes. Measured when this
// test came in: 270,160 bytes (engine-chess.wasm 226,221, main.js 33,046, index.html, style, the preload
// script, the icon); before one module per variant it was 351,316. Raised to 280,000 when the engine
// took over from the page what to announce and the setup editor's rules, and gained hints and the
// analysis copy: 276,279 (engine-chess.wasm 232,349). Lowered to 235,000 when the modules shed the
// CRC-32 table, float formatting and two standard sorts, and the session, words and game crates were
// built for size, and the QR code library left main.js: 234,629 (engine-chess.wasm 192,353, main.js
// 31,389). Raised to 241,500 by live play: its commands stay out of these modules, but each keeps the
// same exports (one glue serves every module) answering that live play needs the full module, the stored
// game's fall of a flag, its error codes and words, and main.js its import hook and premoves: 241,046
// (engine-chess.wasm 197,533, main.js 32,542). Lowered to 215,000 when the page's modules left the
// computer's search to its worker's module: 214,703 (engine-chess.wasm 171,041); to 204,000 when they
// lost Unicode's case tables and a sort, and were built for size: 203,502 (engine-chess.wasm 159,868);
// to 198,300 when the parts of the page a player opens (the analysis board, the review, the dialogs,
// the start screen, the rules, the record) and the French strings left main.js for files loaded on
// first use: 197,810 (engine-chess.wasm 159,943, main.js 26,901). Raised to 198,500 when the session
// came to keep the start hint (a link's page saves games too, and a next visit must know it opens on one)
// and main.js to show the start screen before the engine: 198,442 (engine-chess.wasm 160,296, main.js
// 27,095; 197,940 just before). Raised to 198,800 when main.js learned to show a link's game without
// moving what was painted, to start in shorter tasks and to say that a part is on its way: 198,733
// (main.js 27,325). Raised to 199,200 when My games came to open on a link's module (its facade hands a
// stored game or a pasted link of another variant over to the module of every variant, where the tab
// reloaded before the list was shown): 199,121 (engine-chess.wasm 160,633, main.js 27,390). Raised to
// 199,300 when the script that starts the engine's download came inline into index.html (it started the
// download 300-600 ms late as a file of its own): 199,244 (index.html 6,638, engine-chess.wasm 160,659,
// with no preload.js). Raised to 199,500 when that script came to mark an English page's words as shown
// (the page's script had walked and restyled the whole document to write the same words): 199,417
// (index.html 6,812). Raised to 199,700 when it came to put the player's page colours and board theme on
// the page before its first paint (a chosen light page showed dark until main.js ran): 199,650
// (index.html 6,985). Raised to 199,800 when it came to read session storage only on a reload, with the
// coordinates' font found in two tries rather than four: 199,745 (index.html 6,994, main.js 27,536). Raised
// to 199,900 when a browser that gives no canvas came to be told that the board cannot be drawn (it was
// told that the engine had failed): 199,833 (main.js 27,624). Lowered to 198,700 when the facade came to
// call `crypto.getRandomValues` itself (a general crate's fallbacks for Node.js and old browsers left the
// page's script and every module) and the page's script came to load async: 198,574 (main.js 27,358,
// engine-chess.wasm 159,651). Raised to 199,100 when the session came to keep what storage holds for a
// game whose copy is damaged (a kept key or secret never replaced, a signed game always played by link, a
// damaged seal no longer leaving the seat without its key; its refusal in two languages): 199,036
// (engine-chess.wasm 160,101, main.js 27,367). Raised to 199,350 when a transfer code came never to
// replace a secret kept for a game whose copy is gone (it wrote over them), a delete to leave alone an id
// that is no stored game, and a rematch to count seats wide: 199,277 (engine-chess.wasm 160,352, main.js
// 27,364); 199,217 once a code's key and chance secret came to be refused with any game but a link game.
// The goal is met.
export const CHESS_LINK_BUDGET = 199_350;
// Any variant's link, brotli. Goal: 240,000 bytes. Measured when this test
// came in: at most 298,769 bytes (Napoleon's, its module 254,830). Raised to 310,000 for the same
// reasons as the chess budget: 305,340 (Napoleon's module 261,410). Lowered to 263,000 with the chess
// budget: 262,621 (Napoleon's module 220,345). Raised to 270,500 by live play, as the chess budget:
// 270,007 (Napoleon's module 226,502). Lowered with the chess budget to 241,500: 240,971 (Napoleon's
// module 197,309); to 225,500: 225,161 (Napoleon's module 181,527); to 220,000: 219,618. Raised to
// 220,400 with the chess budget (the start hint): 220,316 (Napoleon's module 182,170; 219,748 just
// before); to 220,700 with the chess budget (main.js): 220,607; to 220,900 with it (My games):
// 220,787; to 221,100 with it (the inline script): 221,045; to 221,300 with it (English shown by the
// inline script): 221,218; to 221,500 with it (the looks before the first paint): 221,451; to 221,600
// with it (session storage on a reload only): 221,546; to 221,700 with it (the board's own failure
// message): 221,634; lowered to 220,400 with it (the random source called directly, the script async):
// 220,313; raised to 220,800 with it (what storage holds for a damaged game kept): 220,702; to 221,100
// with it (a transfer code never replacing a kept secret): 221,012; 220,964 after. The goal is met.
export const ANY_LINK_BUDGET = 221_100;

let browser;
let server;
let base;
let links;
before(async () => {
  browser = await launch();
  server = await serve(dist, 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.address().port}/`;
  links = await invitationLinks(browser, base);
});
after(async () => {
  await browser?.close();
  if (server) await new Promise((r) => server.close(r));
});

const describe = (load) => load.files.map((f) => `${f.path} ${f.brotli}`).join(', ');
const engines = (load) => load.files.filter((f) => f.path.endsWith('.wasm')).map((f) => f.path.replace(/\.[0-9a-f]{10}\./, '.'));

test(`a chess link's first load is within ${CHESS_LINK_BUDGET.toLocaleString('en')} bytes brotli`, async () => {
  const load = await firstLoad(dist, base, links.chess, browser);
  assert.deepEqual(engines(load), ['engine-chess.wasm'], `the chess engine module only, once: ${describe(load)}`);
  assert.ok(load.brotli <= CHESS_LINK_BUDGET, `${load.brotli} bytes brotli > ${CHESS_LINK_BUDGET}: ${describe(load)}`);
});

test(`every variant's link loads its module only, within ${ANY_LINK_BUDGET.toLocaleString('en')} bytes brotli`, async () => {
  for (const [slug, link] of Object.entries(links)) {
    const load = await firstLoad(dist, base, link, browser);
    assert.deepEqual(engines(load), [`engine-${slug}.wasm`], `${slug}: ${describe(load)}`);
    assert.ok(load.brotli <= ANY_LINK_BUDGET, `${slug}: ${load.brotli} bytes brotli > ${ANY_LINK_BUDGET}: ${describe(load)}`);
  }
});
