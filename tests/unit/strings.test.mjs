// The page's strings (www/strings.js): every language has every key, with the same placeholders; every
// key the page uses exists, and every key is used; index.html shows no text that is not marked for
// translation; French follows French typography. So a string added in one language only fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRINGS, TRANSLATED_ATTRIBUTES, t, frenchTypography, addStrings, loadStrings } from '../../www/strings.js';
import { LANGUAGES, LANGUAGE_NAMES } from '../../www/language.js';
import { LIVE_STRINGS } from '../../www/live-strings.js';

// Each language's table (strings-fr.js) and live play's words join the catalogue when the page loads
// them: checked here as one catalogue.
for (const lang of LANGUAGES) await loadStrings(lang);
addStrings(LIVE_STRINGS);

const www = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'www');
const html = readFileSync(join(www, 'index.html'), 'utf8');
// The page's scripts, and the build (which writes the manifest's description in every language).
const scripts = readdirSync(www)
  .filter((f) => f.endsWith('.js') && !/^(live-)?strings(-\w+)?\.js$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(join(www, f), 'utf8') }))
  .concat([{
    file: 'build.mjs',
    // Only its look-ups in the catalogue (STRINGS[lang]['key']): its file names look like keys.
    text: [...readFileSync(join(www, '..', 'scripts', 'build.mjs'), 'utf8').matchAll(/STRINGS\[\w+\]\[('[^']+')\]/g)].map((m) => m[1]).join('\n'),
  }]);

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every language has every key, none empty, with the same placeholders', () => {
  assert.deepEqual(Object.keys(STRINGS).sort(), [...LANGUAGES].sort());
  const keys = Object.keys(STRINGS.en).sort();
  assert.ok(keys.length > 100, `${keys.length} keys`);
  for (const lang of LANGUAGES) {
    assert.deepEqual(Object.keys(STRINGS[lang]).sort(), keys, `${lang}: the same keys as English`);
    for (const key of keys) {
      assert.equal(typeof STRINGS[lang][key], 'string', `${lang} ${key}`);
      assert.ok(STRINGS[lang][key].trim(), `${lang} ${key} is empty`);
      assert.deepEqual(placeholders(STRINGS[lang][key]), placeholders(STRINGS.en[key]), `${lang} ${key}: placeholders`);
    }
  }
  assert.deepEqual(Object.keys(LANGUAGE_NAMES).sort(), [...LANGUAGES].sort(), 'every language has its own name');
});

/** The elements of index.html, with their attributes, and its text nodes with their open elements. */
function parseHtml(source) {
  const VOID = new Set(['meta', 'link', 'input', 'br', 'wbr', 'img', 'hr', 'source']);
  const body = source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!doctype[^>]*>/i, '')
    .replace(/<(script|style|svg)\b[^>]*>[\s\S]*?<\/\1>/g, '');
  const elements = [];
  const texts = [];
  const open = [];
  for (const m of body.matchAll(/<(\/?)([a-zA-Z0-9]+)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g)) {
    const [, closing, tag, rest, text] = m;
    if (text !== undefined) {
      if (text.trim()) texts.push({ text: text.trim(), open: [...open] });
      continue;
    }
    if (closing) {
      const at = open.map((e) => e.tag).lastIndexOf(tag.toLowerCase());
      assert.ok(at >= 0, `</${tag}> closes nothing`);
      open.length = at;
      continue;
    }
    const attrs = Object.fromEntries([...rest.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k, v ?? '']));
    const element = { tag: tag.toLowerCase(), attrs };
    elements.push(element);
    if (!VOID.has(element.tag)) open.push(element);
  }
  assert.deepEqual(open.map((e) => e.tag), [], 'every element is closed');
  return { elements, texts };
}

const page = parseHtml(html);

/** What index.html may show untranslated: the name, the title, and symbols. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Chessfront', '«', '‹', '›', '»', '×']);

test('index.html shows no text that is not marked for translation', () => {
  const untranslated = page.texts
    .filter(({ text, open }) => !SAME_IN_EVERY_LANGUAGE.has(text) && !open.some((e) => 'data-i18n' in e.attrs))
    .map(({ text }) => text);
  assert.deepEqual(untranslated, []);
  // Nor an attribute a reader hears or sees.
  const attributes = [];
  for (const { tag, attrs } of page.elements) {
    for (const attribute of TRANSLATED_ATTRIBUTES) {
      if (attribute === 'content' && !(tag === 'meta' && attrs.name === 'description')) continue;
      if (attribute in attrs && !(`data-i18n-${attribute}` in attrs)) attributes.push(`<${tag} ${attribute}="${attrs[attribute]}">`);
    }
    if ('alt' in attrs) attributes.push(`<${tag} alt>: not translated by strings.js`);
  }
  assert.deepEqual(attributes, []);
  // The English in index.html is the catalogue's (what shows before the script runs, and to a search engine).
  const differs = [];
  for (const { text, open } of page.texts) {
    const marked = open.findLast((e) => 'data-i18n' in e.attrs);
    if (marked && text !== t(marked.attrs['data-i18n'], {}, 'en').trim()) {
      const whole = t(marked.attrs['data-i18n'], {}, 'en');
      if (text.replace(/\s+/g, ' ') !== whole.trim()) differs.push(`${marked.attrs['data-i18n']}: ${text}`);
    }
  }
  // Exactly, not only as shown: the page's scripts and readers take an English page's text as index.html
  // has it (strings.js writes nothing there), so a line break in the source would be in it.
  for (const [, , key, text] of html.matchAll(/<(\w+)[^>]*\sdata-i18n="([^"]+)"[^>]*>([^<]*)<\/\1>/g)) {
    if (text !== t(key, {}, 'en')) differs.push(`${key}: "${text}" is not exactly the catalogue's`);
  }
  // And so are its translated attributes: an English page shows index.html as it is (the head's script
  // marks it shown; strings.js rewrites nothing in it).
  for (const { tag, attrs } of page.elements) {
    for (const attribute of TRANSLATED_ATTRIBUTES) {
      const key = attrs[`data-i18n-${attribute}`];
      if (key && attrs[attribute] !== t(key, {}, 'en')) differs.push(`<${tag} ${attribute}="${attrs[attribute]}">: ${key}`);
    }
  }
  assert.deepEqual(differs, []);
});

/** The keys index.html marks (data-i18n and data-i18n-<attribute>). */
const htmlKeys = page.elements.flatMap(({ attrs }) =>
  Object.entries(attrs)
    .filter(([name]) => name === 'data-i18n' || name.startsWith('data-i18n-'))
    .map(([, key]) => key),
);

/** Quoted strings of the page's scripts that look like keys of the catalogue's groups ('group.name'). */
const groups = new Set(Object.keys(STRINGS.en).map((k) => k.split('.')[0]));
const scriptKeys = scripts.flatMap(({ file, text }) =>
  [...text.matchAll(/'([a-z]+)\.([A-Za-z]+)'/g)].filter((m) => groups.has(m[1])).map((m) => ({ file, key: `${m[1]}.${m[2]}` })),
);

test('every key index.html and the scripts use exists, and every key is used', () => {
  assert.deepEqual(htmlKeys.filter((k) => !(k in STRINGS.en)), [], 'index.html');
  // Every t(…) call names its key as a literal (or two, `t(ok ? 'a.b' : 'a.c')`), so this test sees it.
  const key = "'[a-z]+\\.[A-Za-z]+'";
  const literal = new RegExp(`\\bt\\(\\s*(?:${key}|[\\w.]+\\s*\\?\\s*${key}\\s*:\\s*${key})`);
  const calls = scripts.flatMap(({ file, text }) => [...text.matchAll(/\bt\([^\n]*/g)].map((m) => ({ file, call: m[0] })));
  assert.deepEqual(calls.filter(({ call }) => !literal.test(call)).map(({ file, call }) => `${file}: ${call}`), []);
  assert.deepEqual(scriptKeys.filter(({ key }) => !(key in STRINGS.en)).map(({ file, key }) => `${file}: ${key}`), []);
  const used = new Set([...htmlKeys, ...scriptKeys.map(({ key }) => key)]);
  assert.deepEqual(Object.keys(STRINGS.en).filter((k) => !used.has(k)), [], 'keys nothing uses');
});

test('placeholders are filled; an unknown key shows itself', () => {
  assert.equal(t('rules.titleOf', { name: 'Napoleon' }, 'en'), 'Rules: Napoleon');
  assert.equal(t('rules.titleOf', { name: 'Napoléon' }, 'fr'), 'Règles\u00a0: Napoléon');
  assert.equal(t('speech.viewing', { ply: '2. Cf3' }, 'fr'), 'Position après 2. Cf3.');
  assert.equal(t('speech.viewing', {}, 'en'), 'Position after {ply}.', 'a missing parameter stays visible');
  assert.equal(t('no.such-key', {}, 'fr'), 'no.such-key');
});

test('French typography: no-break spaces before : ; ! ? and inside « », no straight quotes', () => {
  assert.equal(frenchTypography('Règles : « Copier » ; oui ! non ?'), 'Règles\u00a0: «\u00a0Copier\u00a0» ; oui\u202f! non\u202f?'.replace(' ;', '\u202f;'));
  const wrong = [];
  for (const [key, text] of Object.entries(STRINGS.fr)) {
    if (/(?<![\u00a0\u202f])[:;!?]/.test(text)) wrong.push(`${key}: a space before : ; ! ?`);
    if (/"/.test(text)) wrong.push(`${key}: straight quotes`);
    if (/«(?!\u00a0)/.test(text)) wrong.push(`${key}: « without its space`);
  }
  assert.deepEqual(wrong, []);
});

test("quoted labels are the page's own labels, in each language", () => {
  const quoted = { en: /"([^"]+)"/g, fr: /«\u00a0([^»]+?)\u00a0»/g };
  const wrong = [];
  for (const lang of LANGUAGES) {
    const values = Object.values(STRINGS[lang]);
    for (const [key, text] of Object.entries(STRINGS[lang])) {
      for (const [, label] of text.matchAll(quoted[lang])) {
        if (!values.some((v) => v !== text && v.startsWith(label))) wrong.push(`${lang} ${key}: "${label}" is no label`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});
