// The computer's levels in the New game dialog say of each variant only what was measured in it:
// orthodox chess its depth and Stockfish rating, another variant its measured steps, or nothing more.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, shot, onBothViewports } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** The words under the picker for each level of `variant`. */
async function levelWords(page, variant) {
  await page.selectOption('#new-variant', variant);
  const words = [];
  for (let level = 1; level <= 14; level++) {
    await page.selectOption('#new-level', String(level));
    words.push(await page.textContent('#new-level-about'));
  }
  return words;
}

onBothViewports(() => h, 'the level picker describes each variant by what was measured in it', async (page, name) => {
  await page.click('#new-game');
  await page.check('input[name="mode"][value="computer"]');
  await page.selectOption('#new-level', '13');
  const chess = await levelWords(page, 'chess');
  assert.match(chess[12], /in chess, .*Stockfish's scale/);
  for (const variant of ['chess2024', 'napoleon', 'checkered', 'wounds', 'gunnery']) {
    const words = await levelWords(page, variant);
    for (const text of words) assert.doesNotMatch(text, /Stockfish|chess/, `${variant}: ${text}`);
    if (variant === 'chess2024') await shot(page, `levels-chess2024-${name}`);
  }
  // Gunnery's measured steps are said; the level chosen stays when the variant changes.
  const gunnery = await levelWords(page, 'gunnery');
  assert.equal(gunnery[6], 'here it scored 62.5% of the points against the level below (40 games)');
  await page.selectOption('#new-variant', 'chess');
  assert.equal(await page.inputValue('#new-level'), '14');
  // Four-player Napoleon's Master step is said only with four players.
  await page.selectOption('#new-variant', 'napoleon');
  await page.selectOption('#new-level', '13');
  assert.doesNotMatch(await page.textContent('#new-level-about'), /%/);
  await page.selectOption('#new-settings select', '1');
  assert.match(await page.textContent('#new-level-about'), /63% of the points/);
  await page.click('#new-cancel');
});
