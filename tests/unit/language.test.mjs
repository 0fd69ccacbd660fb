// The page's language (www/language.js): the first of the browser's languages
// that the page has, else English, unless the player chose one (kept, if it is a language of the page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageLanguage } from '../../www/language.js';

test('the first of the browser languages that is English or French, else English', () => {
  assert.equal(pageLanguage(['fr-FR']), 'fr');
  assert.equal(pageLanguage(['fr']), 'fr');
  assert.equal(pageLanguage(['FR-ca', 'en']), 'fr');
  assert.equal(pageLanguage(['de-DE', 'fr-CH', 'en']), 'fr', 'a language the page lacks is skipped');
  assert.equal(pageLanguage(['en-GB', 'fr-FR']), 'en', 'the first one the page has wins');
  assert.equal(pageLanguage(['de-DE', 'en-US', 'fr']), 'en');
  assert.equal(pageLanguage(['de-DE', 'es']), 'en', 'an unknown browser stays in English');
  assert.equal(pageLanguage(['french']), 'en', 'a tag is not a prefix match');
  assert.equal(pageLanguage([]), 'en');
});

test('a kept choice counts only when it is a language the page has', async () => {
  const { storedLanguage, LANGUAGE_KEY } = await import('../../www/language.js');
  const storage = (value) => ({ getItem: (key) => (key === LANGUAGE_KEY ? value : null) });
  assert.equal(LANGUAGE_KEY, 'chessfront.language');
  assert.equal(storedLanguage(storage('fr')), 'fr');
  assert.equal(storedLanguage(storage('en')), 'en');
  assert.equal(storedLanguage(storage('de')), null, 'not a language of the page: ignored');
  assert.equal(storedLanguage(storage('FR')), null);
  assert.equal(storedLanguage(storage(null)), null);
  const refusing = { getItem: () => { throw new Error('SecurityError'); } };
  assert.equal(storedLanguage(refusing), null, 'storage refused: no choice kept');
});

test("the session is told the page's language (Session.setLanguage)", async () => {
  const { sessionLanguage } = await import('../../www/language.js');
  const told = [];
  sessionLanguage({ setLanguage: (lang) => told.push(lang) }, 'fr');
  assert.deepEqual(told, ['fr']);
});
