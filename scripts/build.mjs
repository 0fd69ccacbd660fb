// Builds the static site into dist/ in two steps:
//  compile()  the engine facade to wasm (cargo, wasm-bindgen, wasm-opt) once per module: www/pkg/ with
//             everything (every variant, live play, the computer: the unbuilt page's one module, and the
//             module of the computer's Web Worker); the page's module with every variant
//             (target/page-pkg/: live play, no computer); each variant's page module
//             (target/variant-pkg/); and with the facade's `bench` feature
//             target/bench-pkg/, where tests and benchmarks load the bindings from (perft, GameHandle,
//             knownAnswer, Session.inMemory besides the page's; dist/ names are hashed);
//  assemble() dist/ from www/ and the compiled modules: bundled JS (the page's first load in main.js, the
//             parts it loads on demand and the strings of each language but English in files of their
//             own), minified CSS, content-hashed names for every file but index.html and sw.js,
//             precompressed copies, icons, the manifest, and a service worker that precaches this version.
// The page's modules leave the computer out (the search, about 75 KB of wasm): the computer plays in a
// Web Worker, which loads www/pkg's module. Every module has the same exports, so one JavaScript glue
// serves them all (checkGlue).
// dist/ is the whole product: any static host can serve it as it is (README, "Deploying").
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Output, contentHash } from './hash-assets.mjs';
import { renderIcons } from './icons.mjs';
import { bundle, bundled, minifyCss } from './bundle.mjs';
import { CSP } from './serve.mjs';
import { createHash } from 'node:crypto';
import { STRINGS, loadStrings } from '../www/strings.js';
import { LANGUAGES } from '../www/language.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const www = join(root, 'www');
const pkg = join(www, 'pkg');
const run = (cmd, args, env = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

/** wasm-opt from npm's binaryen (Debian's 108 breaks wasm-bindgen's output); `WASM_OPT=0` skips it. */
const wasmOpt = join(root, 'node_modules', '.bin', 'wasm-opt');

/** Where tests and benchmarks load the bindings from: the page's exports and the `bench` ones. */
export const benchPkg = join(root, 'target', 'bench-pkg');

/**
 * Compiles the wasm facade into `out` (`chessfront_web.js` and `chessfront_web_bg.wasm`): by default
 * everything into www/pkg/; `features: ['bench']` adds the exports only tests and benchmarks call
 * (about 32 KB of wasm the page would download for nothing); `defaults: false` builds only `features`
 * (a variant's slug, `live`, `computer`); `small: true` builds every crate for size (opt-level "z").
 */
export function compile({ optimize = process.env.WASM_OPT ?? '-O3', features = [], out = pkg, defaults = true, small = false } = {}) {
  run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'chessfront-web',
    ...(small ? ['--config', 'profile.release.opt-level="z"'] : []),
    ...(defaults ? [] : ['--no-default-features']),
    ...(features.length ? ['--features', features.join(',')] : [])]);
  rmSync(out, { recursive: true, force: true });
  run('wasm-bindgen', [
    '--target', 'web',
    '--no-typescript',
    // Function names are for debuggers; shipping them costs about 20 KB gzipped of page weight.
    '--remove-name-section',
    '--out-dir', out,
    join(root, 'target', 'wasm32-unknown-unknown', 'release', 'chessfront_web.wasm'),
  ]);
  if (optimize !== '0') {
    const wasm = join(out, 'chessfront_web_bg.wasm');
    // The features Rust's wasm32 target emits by default; wasm-opt must be told it may keep them.
    run(wasmOpt, [optimize, '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
      '--enable-mutable-globals', '--enable-multivalue', '--enable-reference-types', wasm, '-o', wasm]);
  }
}

/** Where the page's one-variant engine modules are compiled: target/variant-pkg/<slug>/. */
export const variantPkg = (slug) => join(root, 'target', 'variant-pkg', slug);
/** Where the page's module with every variant is compiled (live play, no computer). */
export const pagePkg = join(root, 'target', 'page-pkg');

/** The variants the page ships: the registry's default features (a test-only one stays out). */
export function shippedVariants() {
  const manifest = readFileSync(join(root, 'crate', 'variants', 'Cargo.toml'), 'utf8');
  return JSON.parse(manifest.match(/^default = (\[[^\]]*\])/m)[1]);
}

/**
 * Compiles the page's modules: once per shipped variant (that variant's feature only: the session and
 * words with one variant) into variantPkg(slug), then with every variant and live play into pagePkg.
 * None has the computer, whose worker loads www/pkg's module with every variant: on a link's page the
 * worker is seldom asked (the analysis and review of a finished game, or playing on from it; a game
 * against the computer starts from "New game", on the module with every variant), not worth a
 * computer's module per variant that every first visit would precache. The page's modules are built for size: without the search, no hot
 * path is left in them but opening a link (SHA-256 stays at opt-level 3 for it, root Cargo.toml), and
 * their bytes are what a link's first load waits for. The page and its
 * worker bundle one JavaScript glue for every module, www/pkg's: each build's glue must be the very same
 * text (checkGlue; the facade reads its one-variant, live and computer switches at run time so that
 * every build imports the same browser functions).
 */
export function compileVariants({ optimize } = {}) {
  for (const slug of shippedVariants()) compile({ optimize, defaults: false, features: [slug], out: variantPkg(slug), small: true });
  compile({ optimize, defaults: false, features: [...shippedVariants(), 'live'], out: pagePkg, small: true });
}

/** Throws unless every module came with the very glue of www/pkg (see compileVariants). */
export function checkGlue() {
  const glue = readFileSync(join(pkg, 'chessfront_web.js'), 'utf8');
  const modules = { 'every variant (the page\'s)': pagePkg };
  for (const slug of shippedVariants()) modules[slug] = variantPkg(slug);
  for (const [name, dir] of Object.entries(modules)) {
    if (readFileSync(join(dir, 'chessfront_web.js'), 'utf8') !== glue) {
      throw new Error(`build: the wasm-bindgen glue of the ${name} module differs from www/pkg's: one glue cannot serve both`);
    }
  }
}

/** The compiled engine in node (target/bench-pkg), loaded once: the build asks it what the page would. */
let benchEngine = null;
async function engineInNode() {
  if (!benchEngine) {
    benchEngine = await import(join(benchPkg, 'chessfront_web.js'));
    benchEngine.initSync({ module: readFileSync(join(benchPkg, 'chessfront_web_bg.wasm')) });
  }
  return benchEngine;
}

/** Variant id (the byte a link names it by) -> slug, asked of the compiled engine (target/bench-pkg). */
async function variantIds() {
  const engine = await engineInNode();
  return Object.fromEntries(engine.variants('en').map((v) => [v.id, v.slug]));
}

/**
 * What the start screen shows, asked of the engine now rather than by the page once its engine has
 * loaded (www/welcome-data.js): the shipped variants (slug, name and line: what welcome.js reads) in
 * every language of the page, in the registry's order, and each variant's picture
 * (`variantPicture`, the view the page's Board draws). The engine's own answers, only computed
 * earlier: the start screen can then show while the engine is still on its way.
 */
async function welcomeData(slugs) {
  const engine = await engineInNode();
  const variants = Object.fromEntries(LANGUAGES.map((lang) => [lang, engine.variants(lang)
    .filter((v) => slugs.includes(v.slug))
    .map(({ slug, name, summary }) => ({ slug, name, summary }))]));
  const pictures = Object.fromEntries(slugs.map((slug) => [slug, engine.variantPicture(slug)]));
  return { variants, pictures };
}

/**
 * The rules texts in each variant's crate (crate/variants/<slug>/), in every language: `<slug>.rules.html`
 * is English, `<slug>.rules.<language>.html` a translation (crate/engine/tests/rules_text.rs keeps them
 * in step).
 */
function rulesTexts() {
  const variants = join(root, 'crate', 'variants');
  // The page carries the registry's default variants (a test-only one, behind its own feature, stays out).
  const shipped = new Set(shippedVariants());
  const texts = [];
  for (const folder of readdirSync(variants, { withFileTypes: true }).filter((e) => shipped.has(e.name))) {
    const dir = join(variants, folder.name);
    for (const entry of readdirSync(dir).sort()) {
      const m = entry.match(/^([a-z0-9]+)\.rules(?:\.([a-z]{2}))?\.html$/);
      if (m) texts.push({ slug: m[1], language: m[2] ?? 'en', file: join(dir, entry) });
    }
  }
  return texts.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The page's modules it imports with `import('./<name>.js')` (www/lazy.js's parts, strings.js's tables):
 * each is bundled apart and fetched on first use, never with the first load.
 */
function lazyModules() {
  const names = new Set();
  for (const file of readdirSync(www).filter((f) => f.endsWith('.js')).sort()) {
    for (const m of readFileSync(join(www, file), 'utf8').matchAll(/\bimport\('\.\/([\w-]+)\.js'\)/g)) names.add(m[1]);
  }
  return [...names].sort();
}

/**
 * Writes the site into `out` from www/ and the compiled www/pkg/. `version` names the build in the
 * page and its service worker (default: a hash of everything the build holds).
 */
export async function assemble(out, { version } = {}) {
  if (!existsSync(join(pkg, 'chessfront_web_bg.wasm'))) throw new Error('www/pkg is missing: run compile() first');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const o = new Output(out);

  // Leaves first: what other files name must have its final name before them.
  // One engine module per variant: a link loads its variant's (www/loader.js); `wasm`, with every
  // variant, serves the start screen, "My games" and stored games. The page's modules have no computer:
  // its worker loads `computer`, www/pkg's module with everything. Left out (the page and its worker
  // then load www/pkg's module) when they were not compiled.
  const slugs = shippedVariants();
  const wasmOf = (dir) => join(dir, 'chessfront_web_bg.wasm');
  const split = existsSync(wasmOf(pagePkg)) && slugs.every((slug) => existsSync(wasmOf(variantPkg(slug))));
  const assets = { version: 'pending', wasm: o.add('engine.wasm', readFileSync(wasmOf(split ? pagePkg : pkg))), worker: null, rules: {}, manifests: {} };
  if (split) {
    assets.modules = Object.fromEntries(slugs.map((slug) => [slug, o.add(`engine-${slug}.wasm`, readFileSync(wasmOf(variantPkg(slug))))]));
    assets.variantIds = Object.fromEntries(Object.entries(await variantIds()).filter(([, slug]) => slugs.includes(slug)));
    assets.computer = o.add('computer.wasm', readFileSync(wasmOf(pkg)));
  }
  // language -> slug -> rules/<slug>.<hash>.html (English) or rules/<slug>.<language>.<hash>.html.
  for (const { slug, language, file } of rulesTexts()) {
    assets.rules[language] ??= {};
    assets.rules[language][slug] = o.add(`rules/${slug}${language === 'en' ? '' : `.${language}`}.html`, readFileSync(file));
  }
  const icons = renderIcons(readFileSync(join(www, 'icon.svg'), 'utf8')).map((icon) => ({ ...icon, path: o.add(icon.path, icon.bytes) }));
  // One manifest per language (what an installed app says of itself); index.html names the English one and
  // the page swaps in its language's (main.js).
  for (const lang of LANGUAGES) {
    await loadStrings(lang);
    const name = lang === 'en' ? 'manifest.webmanifest' : `manifest.${lang}.webmanifest`;
    assets.manifests[lang] = o.add(name, JSON.stringify(webManifest(icons, lang), null, 1));
  }
  const manifest = assets.manifests.en;
  const css = o.add('style.css', await minifyCss(join(www, 'style.css')));
  // The QR code library, for the share dialog only: its own file, loaded on first use (www/qr.js).
  const qrSource = join(www, 'vendor', 'lean-qr-nano.js');
  const qr = o.add('vendor/lean-qr-nano.js', readFileSync(qrSource));
  // The parts of the page loaded on demand (www/lazy.js) and the strings of each language but English
  // (www/strings.js): files of their own, fetched when first asked for. Each gets what it shares with
  // the page from the page (www/lazy.js's `connect`), so it must bundle nothing main.js holds (checked
  // below: a second copy of page.js would be a second app, of the engine's glue an engine never started).
  const lazy = { [qrSource]: `./${qr}` };
  const parts = [];
  // The data a part is built with (see bundle.mjs's `constants`): the start screen's, asked of the engine.
  const constants = { welcome: { 'welcome-data.js': { WELCOME: await welcomeData(slugs) } } };
  for (const name of lazyModules()) {
    const source = join(www, `${name}.js`);
    const { text, inputs } = await bundled(source, {}, { constants: constants[name] });
    lazy[source] = `./${o.add(`${name}.js`, text)}`;
    parts.push({ name, inputs });
  }

  // The version: named by the caller, or the hash of every file so far and of the page's sources.
  const sources = readdirSync(www).filter((f) => f.endsWith('.js') || f.endsWith('.html')).sort();
  assets.version = version ?? contentHash(Buffer.concat([
    Buffer.from(o.files.join('\n')),
    ...sources.map((f) => readFileSync(join(www, f))),
    readFileSync(join(pkg, 'chessfront_web.js')),
    Buffer.from(JSON.stringify({ modules: assets.modules ?? null, ids: assets.variantIds ?? null, computer: assets.computer ?? null })),
    // How the page is bundled changes the files too (a module or a classic script), and how index.html
    // names them (its tags are written here): an index.html changed by this file alone is a new version,
    // or the service worker would keep serving the old one.
    readFileSync(join(root, 'scripts', 'bundle.mjs')),
    readFileSync(join(root, 'scripts', 'build.mjs')),
  ]));
  // The worker's module is the computer's.
  assets.worker = o.add('worker.js', await bundle(join(www, 'worker.js'), { wasm: assets.computer ?? assets.wasm }));
  // Live play's module and styles: loaded by the page only when a live game starts or a live link is
  // opened (www/live-hook.js), never with the first load. The module gets what it shares with the page
  // from the page (its engine, strings, sounds), so it bundles none of it.
  assets.live = o.add('live.js', await bundle(join(www, 'live.js'), {}));
  assets.liveCss = o.add('live.css', await minifyCss(join(www, 'live.css')));
  // Starts the download of the engine module the page will load (www/preload.js), inline in the HTML.
  const preload = await inlineScript(join(www, 'preload.js'));
  const engineModules = { wasm: assets.wasm, modules: assets.modules, variantIds: assets.variantIds };
  const page = await bundled(join(www, 'main.js'), assets, { format: 'iife', lazy });
  for (const { name, inputs } of parts) {
    const shared = inputs.filter((f) => page.inputs.includes(f));
    if (shared.length) throw new Error(`build: ${name}.js bundles ${shared.join(', ')}, which main.js holds: hand it over in www/lazy.js's PAGE instead`);
  }
  // V8's compile hint (Chrome 136 on): every function of the page's script is compiled as it streams in,
  // off the main thread, rather than at its first call on the main thread, in the tasks a link's game
  // waits for.
  const main = o.add('main.js', `//# allFunctionsCalledOnLoad\n${page.text}`);

  const favicon = icons.find((i) => i.purpose === 'favicon').path;
  const apple = icons.find((i) => i.purpose === 'apple').path;
  const html = readFileSync(join(www, 'index.html'), 'utf8');
  const head = [
    // The wasm is the longest download: start it with the HTML, not once the page's script has run. Which
    // module is a link's question: a tiny inline script asks it, reading the build's names from the data
    // block before it (a block of data, which no CSP stops).
    `<script type="application/json" id="engine-modules">${JSON.stringify(engineModules).replace(/</g, '\\u003c')}</script>`,
    `<script>${preload}</script>`,
    `<link rel="icon" href="${icons[0].path}" type="image/svg+xml">`,
    `<link rel="icon" href="${favicon}" sizes="32x32" type="image/png">`,
    `<link rel="apple-touch-icon" href="${apple}">`,
    `<link rel="manifest" href="${manifest}">`,
  ].join('\n  ');
  // The meta tag's policy is the server's (scripts/serve.mjs), less what browsers take from a header only.
  const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/)[0];
  const metaCsp = `<meta http-equiv="Content-Security-Policy" content="${CSP.replace(/; frame-ancestors 'none'$/, '')}">`;
  o.add('index.html', replaceOnce(replaceOnce(replaceOnce(replaceOnce(html,
    csp, metaCsp),
    '<link rel="icon" href="data:,">', head),
    'href="style.css"', `href="${css}"`),
    // Async, not deferred: a deferred script runs inside the parser's last task, with the document's first
    // style and layout (on the phone profile one task of 130-200 ms, fonts looked up in it); async, that
    // layout is done while the script and the engine are still on their way (main.js waits for the
    // document itself).
    '<script type="module" src="main.js">', `<script async src="${main}">`), { hash: false });

  // The service worker last: it precaches everything above (index.html as the folder's address).
  const precache = ['./', ...o.files.filter((f) => f !== 'index.html')];
  const sw = replaceOnce(readFileSync(join(www, 'sw.js'), 'utf8'),
    "const BUILD = { version: 'dev', precache: [] };",
    `const BUILD = ${JSON.stringify({ version: assets.version, precache })};`);
  o.add('sw.js', sw, { hash: false });
  return { version: assets.version, files: o.files, assets };
}

/**
 * The bundle of `entry` to inline in index.html, whose hash the CSP must list (scripts/serve.mjs, which
 * the meta tag copies): the build stops, naming the hash, when it does not. The code is the same in every
 * build unless its source changes, so a host's header set once stays right.
 */
async function inlineScript(entry) {
  const code = (await bundle(entry, {}, { format: 'iife' })).trim();
  const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  if (!CSP.includes(hash)) {
    throw new Error(`build: ${relative(root, entry)} changed: its hash is now ${hash}, which must replace PRELOAD_HASH in scripts/serve.mjs`);
  }
  return code;
}

function replaceOnce(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`build: expected exactly one "${from}"`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The web app manifest in `lang` (what an installed Chessfront is called, how it opens, its icons). */
function webManifest(icons, lang) {
  return {
    id: './',
    lang,
    name: 'Chessfront',
    short_name: 'Chessfront',
    description: STRINGS[lang]['manifest.description'],
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#262421',
    theme_color: '#262421',
    icons: icons
      .filter((i) => i.purpose === 'any' || i.purpose === 'maskable')
      .map((i) => ({ src: i.path, sizes: i.size, type: i.type, purpose: i.purpose })),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The tests' and benchmarks' bindings first, then www/pkg's, then each variant's modules and the page's
  // with every variant last: target/…/release/chessfront_web.wasm is then the page's (scripts/wasm-sizes.mjs
  // reads it).
  compile({ features: ['bench'], out: benchPkg });
  compile();
  compileVariants();
  checkGlue();
  const { version, files } = await assemble(join(root, 'dist'));
  console.log(`built ${join(root, 'dist')}: version ${version}, ${files.length} files`);
}
