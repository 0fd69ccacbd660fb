// Playing the computer: in every variant the computer answers, and it thinks in a Web Worker, not on
// the page's thread. How long the page's tasks take while it thinks is a timing figure of the machine:
// the bench measures it (`npm run bench`, "long tasks"), the tests do not.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, shot, computerGame, loadEngine } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});

// The engine in this process, for the test's own player (its calls never touch the watched page).
const engine = await loadEngine();
after(async () => {
  await h?.close();
});

/** Counts, in `window.thinkRequests`, the requests the page posts to its Web Workers (the computer's). */
async function watchWorkers(context) {
  await context.addInitScript(() => {
    window.thinkRequests = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (...args) {
      window.thinkRequests += 1;
      return post.apply(this, args);
    };
  });
}

const movesPlayed = (page) => page.$$eval('#moves button', (bs) => bs.length);

/**
 * Plays a whole Napoleon turn for the player with the page's controls: a legal way through it (often
 * just the pass; in check a way out), found by the engine's own turn finder on the shown position.
 * Without one the player resigns.
 */
async function napoleonTurn(page, settings = undefined) {
  const gestures = ((position) => {
    const game = new engine.GameHandle('napoleon', settings, position, undefined);
    let path;
    try {
      path = [...game.finishTurn()];
    } catch {
      return null; // lost beyond the finder's reach: the player resigns, as the computer would
    }
    const out = [];
    while (path.length) {
      const option = game.state().options.find((o) => o.path.every((index, i) => path[i] === index));
      game.playPath(Uint32Array.from(option.path));
      path.splice(0, option.path.length);
      out.push(option.from == null ? { button: option.name } : { move: option.coord });
    }
    game.free();
    return out;
  })(await page.getAttribute('body', 'data-position'));
  if (!gestures) {
    page.once('dialog', (d) => d.accept());
    await page.click('#resign');
    return 'resigned';
  }
  for (const g of gestures) {
    if (g.move) await clickMove(page, g.move);
    else await page.click(`#piece-actions button:has-text("${g.button}")`);
  }
}

/** The level picker of the new-game dialog (computer mode chosen): the engine's levels, weakest first. */
async function checkLevels(page, variant) {
  const labels = await page.$$eval('#new-level option', (options) => options.map((o) => o.textContent));
  // The ladder: each level beats the one below by 60-75% of the points (the engine's LEVELS).
  assert.equal(labels.length, 14);
  assert.equal(labels[0], '1 · Beginner');
  assert.equal(labels[4], '5 · Intermediate');
  assert.equal(labels[12], '13 · Master');
  assert.equal(labels[13], '14 · Strongest');
  // How the level plays is written under the picker (whole, on a phone too).
  assert.match(await page.textContent('#new-level-about'), /\w/);
  if (variant === 'chess') await shot(page, 'computer-levels');
}

test('the computer answers in every variant, each answer asked of its Web Worker', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  await watchWorkers(context);
  const page = await open(context, h.url);
  // A first move for the player (White) in each variant: a knight out, or a pass in Napoleon.
  const first = { chess: 'g1f3', chess2024: 'c1b2', gunnery: 'g1f3', checkered: 'g1f3', wounds: 'g1f3', napoleon: null };
  for (const [variant, move] of Object.entries(first)) {
    await computerGame(page, { variant, inDialog: (page) => checkLevels(page, variant) });
    if (variant === 'napoleon') {
      // The player's setup; the computer makes its own.
      // A preset, not a random setup: a random one can leave no legal turn in reach of the test's
      // turn finder, and the player would resign at once (a test that then fails by chance).
      const preset = await page.$eval('#setup-preset', (s) => s.options[1].value);
      await page.selectOption('#setup-preset', preset);
      await page.click('#setup-done');
    }
    // Three moves of the player, each answered by the computer (Black) from its worker.
    for (let round = 0; round < 3; round++) {
      await page.waitForFunction(() => /Your move|White to move/.test(document.getElementById('status').textContent), null, {
        timeout: 30000,
      });
      const listed = ((await page.getAttribute('body', 'data-moves')) || '').split(' ').filter(Boolean);
      const before = await movesPlayed(page);
      // Napoleon: a whole turn (a pass, or in check a way out found by trying).
      if (variant === 'napoleon') await napoleonTurn(page);
      else await clickMove(page, round === 0 && move ? move : listed[0]);
      // The computer's answer: the player's turn again after at least one move each (or the game over).
      const over = await page.waitForFunction(
        (before) => {
          const ended = !document.getElementById('banner').hidden;
          const answered = document.querySelectorAll('#moves button').length >= before + 2 && /Your move|White to move/.test(document.getElementById('status').textContent);
          return (ended || answered) && { ended };
        },
        before,
        { timeout: 30000 },
      );
      if ((await over.jsonValue()).ended) break;
    }
    const moves = await page.$$eval('#moves button', (bs) => bs.map((b) => b.textContent));
    // A Napoleon game may end at once when a side's random setup leaves it no legal turn (it resigns);
    // the banner then says so. Every other game has moves of both sides.
    const banner = await page.evaluate(() => (document.getElementById('banner').hidden ? '' : document.getElementById('banner').textContent));
    const endedAtOnce = variant === 'napoleon' && /resign|no legal turn/i.test(banner);
    assert.ok(moves.length >= 4 || endedAtOnce, `${variant}: several moves each (${moves.join(' ')}) ${banner}`);
    assert.match(await page.textContent('#player-top'), /Black \(computer\)/);
    await shot(page, `computer-${variant}`);
  }
  // Every answer was asked of the worker: at least one request per variant's computer move.
  assert.ok((await page.evaluate(() => window.thinkRequests)) >= 6, 'the computer thinks in its worker');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('three computer seats in four-player Napoleon', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  await watchWorkers(context);
  const page = await open(context, h.url);
  await page.click('#new-game');
  await page.selectOption('#new-variant', 'napoleon');
  await page.selectOption('select[data-setting="players"]', '1');
  await page.check('input[name="mode"][value="computer"]');
  await page.selectOption('#new-side', '0');
  await page.selectOption('#new-level', '2');
  await page.click('#new-start');
  // The player's setup (a preset: random setups of neighbouring corners may start a player in check);
  // the three computer players make theirs, then play round the table back to the player.
  const preset = await page.$eval('#setup-preset', (s) => s.options[1].value);
  await page.selectOption('#setup-preset', preset);
  await page.click('#setup-done');
  for (let round = 0; round < 2; round++) {
    await page.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent), null, { timeout: 60000 });
    if ((await napoleonTurn(page, Uint8Array.of(1))) === 'resigned') break;
  }
  await page.waitForFunction(() => /Your move|wins|Draw/.test(document.getElementById('status').textContent + document.getElementById('banner').textContent), null, {
    timeout: 60000,
  });
  // Every other seat is the computer's, named as such, and each has played.
  const labels = await page.textContent('#player-top');
  assert.equal((labels.match(/\(computer\)/g) || []).length, 3, labels);
  const moves = await page.$$eval('#moves button', (bs) => bs.map((b) => b.textContent));
  assert.ok(moves.length >= 8, moves.join(' '));
  await shot(page, 'computer-napoleon-four');
  assert.ok((await page.evaluate(() => window.thinkRequests)) >= 3, 'each computer seat thinks in the worker');
  assert.deepEqual(page.errors, []);
  await context.close();
});
