import { readFileSync } from 'node:fs';
import init, { GameHandle } from '../dist/pkg/chessfront_web.js';
await init({ module_or_path: readFileSync('dist/pkg/chessfront_web_bg.wasm') });
// The worker's logic, run in node over many four-player games.
const src = readFileSync('www/worker.js', 'utf8').replace(/^import .*$/m, '').replace(/const ready = init\(\);/, '').replace(/self\.onmessage[\s\S]*$/, '');
const { playTurn, finishTurn, resignation } = new Function('GameHandle', `${src}; return { playTurn, finishTurn, resignation };`)(GameHandle);
let resigns = 0, turns = 0, retries = 0;
for (let trial = 0; trial < 12; trial++) {
  const g = new GameHandle('napoleon', Uint8Array.from([1]), undefined, undefined);
  let rnd = trial * 1000 + 1;
  for (let i = 0; i < 16; i++) {
    const due = g.state().setup;
    if (!due) break;
    if (due.seal) g.sealSetup(due.seat, due.seat === 0 ? g.setupPresets(0)[1].text : g.randomSetup(due.seat));
    else if (due.sealed) g.placeSetup(due.seat, undefined);
    else g.placeSetup(due.seat, g.randomSetup(due.seat));
  }
  for (let turn = 0; turn < 16; turn++) {
    const st = g.state();
    if (st.outcome) break;
    const link = g.link();
    let indices = null;
    for (let attempt = 0; attempt < 3 && !indices; attempt++) { indices = playTurn(link, st.toMove, 2, rnd++ * 7919); if (!indices) retries++; }
    if (!indices) indices = finishTurn(link);
    if (!indices) { indices = resignation(link); resigns++; }
    for (const i of indices) g.play(i);
    turns++;
  }
}
console.log({ turns, retries, resigns });
