// The game review after a game: every turn labelled, the evaluation graph drawn and clickable (it
// shows the position there), each player's summary, and the PGN with the review read back by chessops
// (as lichess reads it) with its evaluations and glyphs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parsePgn, parseComment } from 'chessops/pgn';
import { start, clickMove, shot, newGame, onBothViewports } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

onBothViewports(() => h, 'a finished game is reviewed with its graph, and its PGN carries the evaluations', async (page, name) => {
  await newGame(page, { variant: 'chess', mode: 'local' });
  assert.ok(await page.isHidden('#review'), 'no review before the game ends');
  for (const move of ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7']) await clickMove(page, move);
  assert.match(await page.textContent('#banner'), /White wins by checkmate/);
  await page.click('#review');
  await page.waitForFunction(() => document.querySelectorAll('#review-rows li').length === 7, null, { timeout: 60000 });
  const rows = await page.$$eval('#review-rows button', (bs) => bs.map((b) => [b.textContent, b.dataset.label]));
  assert.match(rows[0][0], /^1\. White: e4 \(/);
  assert.deepEqual(rows[5].slice(1), ['blunder'], rows[5][0]);
  assert.match(rows[5][0], /^6\. Black: Nf6 \(.* → #-1\), blunder; best /);
  assert.match(rows[6][0], /Qxf7# \(#1 → won\), best/);
  const summaries = await page.$$eval('#review-summaries li', (lis) => lis.map((li) => li.textContent));
  assert.equal(summaries.length, 2);
  assert.match(summaries[1], /^Black: .*1 blunder; accuracy \d+%$/);
  // The graph is drawn: both the light and the dark side of it.
  const shades = await page.evaluate(() => {
    const canvas = document.querySelector('#review-graph');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add(data[i] > 128 ? 'light' : 'dark');
    return [...seen].sort();
  });
  assert.deepEqual(shades, ['dark', 'light']);
  // A click on the graph's first part shows an earlier position.
  const graph = page.locator('#review-graph');
  await graph.scrollIntoViewIfNeeded();
  const box = await graph.boundingBox();
  await graph.click({ position: { x: box.width * 0.3, y: box.height / 2 } });
  assert.ok(await page.isEnabled('#nav-last'), 'an earlier position is shown');
  await shot(page, `review-${name}`, { fullPage: true });
  // Clicking a row shows the position after it.
  await page.click('#review-rows li:last-child button');
  assert.ok(await page.isDisabled('#nav-last'), 'the last position');

  const pgn = await page.textContent('#review-pgn-text');
  const [game] = parsePgn(pgn);
  const nodes = [...game.moves.mainline()];
  assert.deepEqual(nodes.map((n) => n.san), ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#']);
  const evals = nodes.map((n) => (n.comments ?? []).map((c) => parseComment(c).evaluation).find(Boolean));
  assert.ok(evals.slice(0, 6).every((e) => e && ('pawns' in e || 'mate' in e)), JSON.stringify(evals));
  assert.equal(evals[5].mate, 1, 'after Nf6 White mates in 1');
  assert.deepEqual(nodes[5].nags, [4], 'Nf6 is a blunder: ??');
});
