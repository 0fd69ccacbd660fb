// The page's language until it has a switch (www/language.js): the first of the browser's languages
// that the page has, else English.
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
