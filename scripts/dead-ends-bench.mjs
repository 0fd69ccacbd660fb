// What Napoleon's dead-end marks cost the page: the time of state() (the page's whole option list with
// names and, now, each option's dead-end mark) in wasm, on the release build's bindings
// (target/bench-pkg, made by `node scripts/build.mjs`). The UI thread's budget is 50 ms a call.
//
// `node scripts/dead-ends-bench.mjs`
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import init, { GameHandle } from '../target/bench-pkg/chessfront_web.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await init({ module_or_path: readFileSync(join(root, 'target', 'bench-pkg', 'chessfront_web_bg.wasm')) });

const CASES = [
  ['a crowded middle game, not in check (typical)', () => new GameHandle('napoleon', undefined, '16/16/16/16/16/1rkb2nqb3nr2/1ppp2pp4ppp1/16/16/PPPP5PPPP3/RKRB5NQNB3/16/16/16/16/16 w 0 12')],
  ['a king checked on its first rank (19 moves marked)', () => new GameHandle('napoleon', undefined, '15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP4PP8/K2r3Q8 w 0 1')],
  // Four players, White in check; the game-end search runs out of its 20,000 decisions here.
  ['four players, crowded, in check (hard for the turn search)', () => new GameHandle('napoleon', Uint8Array.from([1]), '16/16/2PrNr12/2NrPrPr11/KrPr11PbPbPb/2Pr9RbPb2/14Pb1/14Kb1/1Pr2Rw8PbBb1/PrBwPrPwBwRw3Pu3Nb2/Nw2KwPwPw2Ku7/7Pu8/6Pw1Pu1Pu5/5NwQw2Pu3Pu2/8Ru3Bu1PuPu/8Ru6Qu w - 2 21')],
  // A four-player turn walked into a dead end: every option is one, and the shared budget runs out (worst case).
  ['inside a dead end, every option one (worst case: the budget runs out)', () => GameHandle.fromLink('AaICAwEEAThNcbweBANfV3iA7T4UuRNqT5g4xQslhKLku3QYJjD4-8teCGKMlPL5CQWyad5d4zyNAQBrm7YDdHuYBh8Qv4i_IR44WVJYeWYeAvpohRToyjIjCnMlNkmTrV2ZU47ADRodhy2wyRHcA0_iTF6dPDaVtYXWGHntW28QdyqhYKoyASnFyOLxYhItOdO4oMq3JMaslGd-H49K_wCQAgBDHwBiOCyhsIAB6uhByqwSBwDCMBA23ZRzbcgJAEZACAUCdo6poAYAAOKYTm2GtmgBAEGEAQARoYUICREQAEhkJUk6zIIUDoCgGBSCEBgLAgiGxCAUB0iFENQVQg7g1AyWJpACFCiKgIEMSBBEClksmUtBEXgmAQTAgAkmoLlZAgA7rSh4')],
];

console.log('== Napoleon: state() with the dead-end marks, wasm (median of 15 calls; UI thread budget 50 ms)');
for (const [name, make] of CASES) {
  const game = make();
  const times = [];
  let state;
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    state = game.state();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const moves = state.options.filter((o) => o.kind === 'move');
  const marked = moves.filter((o) => o.deadEnd).length;
  console.log(`${times[7].toFixed(1).padStart(6)} ms (max ${times[14].toFixed(1)})  ${String(moves.length).padStart(3)} options, ${String(marked).padStart(2)} marked  ${name}`);
}
