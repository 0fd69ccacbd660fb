// Bundles one of the page's entry modules (main.js, worker.js, live.js, and the parts main.js loads on
// demand: www/lazy.js, www/strings-fr.js) with esbuild into a single minified file: one request instead
// of a dozen on the page's critical path (measured: phone cold start 1437 -> 1051 ms). The page's bundle is a classic script (format 'iife', loaded with `defer`), not a
// module: Chromium keeps the compiled code of classic scripts that the service worker caches when it
// installs, so a repeat visit skips compiling it (measured in a trace of the phone profile's repeat
// visit: 148 ms of JavaScript compiling as a module, 14-50 ms as a classic script); module scripts
// only get a code cache from the second visit served by the worker on. www/assets.js, where the page looks up the build's file names, is replaced by the
// build's own list of hashed names, and a module named in `constants` (www/welcome-data.js) by the data
// the build computed for it.
import { build } from 'esbuild';
import { basename, join } from 'node:path';

/**
 * The bundle of `entry` (a path) as a string; `assets` is the object www/assets.js exports as ASSETS
 * in the build. `lazy` maps a source file's absolute path to the address of its built copy: a module
 * the page imports with `import()` stays out of the bundle and is fetched from there on first use (a
 * bundle, module or classic script, would otherwise carry it inline and download it with the page).
 */
export async function bundle(entry, assets, options) {
  return (await bundled(entry, assets, options)).text;
}

/**
 * `bundle`'s text, and the source files it holds (paths relative to the repository's root).
 * `constants` maps a module's file name to the exports the build puts in its place (name -> a value
 * written as JSON): the engine's answers computed at build time, which the unbuilt page asks for.
 */
export async function bundled(entry, assets, { format = 'esm', lazy = {}, constants = {} } = {}) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format,
    minify: true,
    target: 'es2020',
    write: false,
    legalComments: 'none',
    // wasm-bindgen's glue finds the wasm next to itself through import.meta.url, which a classic script
    // has not; the page always names the wasm (ASSETS.wasm), so that default is never used.
    define: format === 'iife' ? { 'import.meta.url': 'location.href' } : {},
    logLevel: 'warning',
    metafile: true,
    plugins: [
      {
        name: 'lazy-modules',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            const path = args.kind === 'dynamic-import' && args.resolveDir ? join(args.resolveDir, args.path) : null;
            return path && lazy[path] ? { path: lazy[path], external: true } : undefined;
          });
        },
      },
      {
        name: 'build-assets',
        setup(b) {
          b.onResolve({ filter: /(^|\/)assets\.js$/ }, (args) => ({ path: join(args.resolveDir, args.path), namespace: 'build-assets' }));
          b.onLoad({ filter: /.*/, namespace: 'build-assets' }, () => ({
            contents: `export const ASSETS = ${JSON.stringify(assets)};`,
            loader: 'js',
          }));
        },
      },
      {
        name: 'build-constants',
        setup(b) {
          for (const file of Object.keys(constants)) {
            const filter = new RegExp(`(^|/)${file.replace(/[.]/g, '\\.')}$`);
            b.onResolve({ filter }, (args) => ({ path: join(args.resolveDir, args.path), namespace: 'build-constants' }));
          }
          b.onLoad({ filter: /.*/, namespace: 'build-constants' }, (args) => ({
            contents: Object.entries(constants[basename(args.path)])
              .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`).join('\n'),
            loader: 'js',
          }));
        },
      },
    ],
  });
  return { text: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

/** Minified CSS. */
export async function minifyCss(file) {
  const result = await build({ entryPoints: [file], bundle: true, minify: true, write: false, logLevel: 'warning' });
  return result.outputFiles[0].text;
}
