// Where the page's files are. This file serves www/ as it is (file names as in the source tree, no
// service worker); the build (scripts/bundle.mjs) puts in its place the content-hashed names of dist/
// and the build's version.
export const ASSETS = {
  version: 'dev',
  wasm: 'pkg/chessfront_web_bg.wasm',
  worker: 'worker.js',
  /** Live play's module and styles, loaded when a live game needs them (live-hook.js). */
  live: './live.js',
  liveCss: './live.css',
  /** language -> slug -> path of the variant's rules text in that language (unbuilt: none, see rules.js). */
  rules: {},
  /** language -> the web app manifest in that language (unbuilt: none). */
  manifests: {},
};

