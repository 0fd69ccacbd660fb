// Game records, on a desktop and a phone: every game exports as PGN, checked with a separate
// parser (chessops' PGN parser and its rules replay the orthodox game); a variant's PGN names the variant
// and its start; the move list copies as text; an orthodox PGN opens as a game to replay or continue.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeFen } from 'chessops/fen';
import { start, open, clickMove, moveNames, newGame, positionOf, shot, VIEWPORTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});


/** Replays a parsed PGN game with chessops' rules: the final FEN, or a thrown error on an illegal move. */
function replay(game) {
  const pos = startingPosition(game.headers).unwrap();
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    assert.ok(move, `chessops finds ${node.san} illegal`);
    pos.play(move);
  }
  return makeFen(pos.toSetup());
}

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`PGN export, copy of the moves and import (${name})`, async () => {
    const context = await h.browser.newContext(options);
    const page = await open(context, h.url);
    await newGame(page);
    for (const move of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'e1g1']) await clickMove(page, move);
    await page.click('#show-record');
  await page.waitForSelector('#record-dialog[open]'); // its part may still be on its way
    const pgn = await page.inputValue('#pgn-text');
    await shot(page, `record-${name}`);
    // A separate parser reads it as standard PGN, and its rules replay it to our position.
    const games = parsePgn(pgn);
    assert.equal(games.length, 1);
    assert.equal(games[0].headers.get('Result'), '*');
    assert.equal(games[0].headers.get('Variant'), undefined);
    const fen = replay(games[0]);
    assert.equal(fen.split(' ').slice(0, 4).join(' '), (await positionOf(page)).split(' ').slice(0, 4).join(' '));
    assert.match(pgn, /\n1\. e4 e5 2\. Nf3 Nc6 3\. Bb5 a6 4\. O-O \*\n$/);
    // The move list alone, to the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
    await page.click('#copy-moves');
    await page.waitForFunction(() => document.getElementById('copy-moves').textContent.includes('Copied'));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n');
    await page.click('#record-close');

    // A variant: its name and start position are in the tags; the parser still reads the record.
    await newGame(page, { variant: 'gunnery' });
    await clickMove(page, 'e2e4');
    await page.click('#show-record');
  await page.waitForSelector('#record-dialog[open]'); // its part may still be on its way
    const variant = parsePgn(await page.inputValue('#pgn-text'))[0];
    assert.equal(variant.headers.get('Variant'), 'Gunnery Chess');
    assert.equal(variant.headers.get('SetUp'), '1');
    assert.ok(variant.headers.get('FEN'));
    assert.deepEqual([...variant.moves.mainline()].map((n) => n.san), ['e4']);
    await page.click('#record-close');

    // An orthodox PGN from elsewhere (comments, a variation, move numbers glued on) opens as a game.
    await page.click('#show-record');
  await page.waitForSelector('#record-dialog[open]'); // its part may still be on its way
    await page.fill('#pgn-import', '[Event "Casual"]\n[Result "*"]\n\n1.d4 {a queen pawn} d5 (1...Nf6) 2.c4 e6 *');
    await page.click('#pgn-import-form button[type="submit"]');
    assert.deepEqual(await moveNames(page), ['d4', 'd5', 'c4', 'e6']);
    assert.match(await page.textContent('#status'), /White to move/);
    // Played on from where it stopped.
    await clickMove(page, 'b1c3');
    assert.deepEqual(await moveNames(page), ['d4', 'd5', 'c4', 'e6', 'Nc3']);
    assert.match(await page.textContent('#status'), /Black to move/);
    assert.match(await positionOf(page), /^rnbqkbnr\/ppp2ppp\/4p3\/3p4\/2PP4\/2N5\/PP2PPPP\/R1BQKBNR b /);
    // A bad one is reported in the dialog.
    await page.click('#show-record');
  await page.waitForSelector('#record-dialog[open]'); // its part may still be on its way
    await page.fill('#pgn-import', '1. e4 Ke2');
    await page.click('#pgn-import-form button[type="submit"]');
    assert.match(await page.textContent('#pgn-error'), /"Ke2" \(move 1\) is not a legal move/);
    await page.click('#record-close');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
