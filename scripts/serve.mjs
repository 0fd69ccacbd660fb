// A static file server for dist/ (no dependencies) that sends the headers a good static host would.
// `npm start` uses it; tests start it too. PORT (default 8080) and HOST (default localhost; 0.0.0.0 to
// try the game from a phone on your network).
//  - content-hashed files (`name.<10 hex>.ext`, scripts/hash-assets.mjs) may be kept for a year;
//  - the rest (index.html, sw.js) must be revalidated: ETag and Last-Modified, 304 when unchanged;
//  - precompressed `.br`/`.gz` copies are sent when the browser accepts them (Vary: Accept-Encoding);
//  - `.wasm` as application/wasm, which WebAssembly.instantiateStreaming requires.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, normalize, extname, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HASHED } from './hash-assets.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

// The page's Content-Security-Policy (the build writes it into index.html as a meta tag, for hosts that
// send none): nothing but this origin, wasm compilation allowed, no framing, no inline style, and one
// inline script, named by its hash: www/preload.js, which starts the engine module's download with the
// HTML (the build stops with the new hash when that script changes).
const PRELOAD_HASH = "'sha256-V7UvBIEBEEViv2X0v1BzUlZ3PYnBY355QULId9n4N3I='";
export const CSP =
  `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' ${PRELOAD_HASH}; style-src 'self'; img-src 'self' data:; ` +
  "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A year: hashed names change whenever their bytes do. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The precompressed copy to send: 'br', 'gzip' or null, from an Accept-Encoding header. */
export function pickEncoding(accept = '') {
  const offered = new Map();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (offered.get(name) ?? (offered.has('*') ? offered.get('*') : 0)) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

const SUFFIX = { br: '.br', gzip: '.gz' };

/** Reads a file and its precompressed copy for `encoding` if there is one. */
async function load(file, encoding) {
  if (encoding) {
    try {
      return { body: await readFile(file + SUFFIX[encoding]), encoding, info: await stat(file) };
    } catch {
      // No copy: the plain file.
    }
  }
  return { body: await readFile(file), encoding: null, info: await stat(file) };
}

/**
 * Serves the folder `root` (or the folder `root()` names at each request: tests swap builds) on
 * `port`; resolves to the listening server.
 */
export function serve(root, port, host = 'localhost') {
  const folder = typeof root === 'function' ? root : () => root;
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
        return res.end('method not allowed');
      }
      const base = folder();
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
      if (!file.startsWith(base + sep) && file !== base) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      const { body, encoding, info } = await load(file, pickEncoding(req.headers['accept-encoding']));
      const headers = {
        'content-type': TYPES[extname(file)] || 'application/octet-stream',
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
        vary: 'Accept-Encoding',
      };
      if (encoding) headers['content-encoding'] = encoding;
      if (HASHED.test(file)) {
        headers['cache-control'] = IMMUTABLE;
      } else {
        // Revalidated on every use; unchanged means a 304 with no body.
        const tag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}${encoding ? `-${encoding}` : ''}"`;
        headers['cache-control'] = 'no-cache';
        headers.etag = tag;
        headers['last-modified'] = info.mtime.toUTCString();
        const match = req.headers['if-none-match'];
        const since = req.headers['if-modified-since'];
        const fresh = match ? match.split(',').some((t) => t.trim().replace(/^W\//, '') === tag) : since ? Math.floor(info.mtimeMs / 1000) * 1000 <= Date.parse(since) : false;
        if (fresh) {
          res.writeHead(304, headers);
          return res.end();
        }
      }
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === 'ENOENT' || e.code === 'EISDIR' ? 404 : 500, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const port = Number(process.env.PORT || 8080);
  const host = process.env.HOST || 'localhost';
  serve(root, port, host)
    .then(() => console.log(`Chessfront is served on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/ (Ctrl+C to stop)`))
    .catch((e) => {
      console.error(`Could not serve on port ${port}: ${e.message}. Set PORT to use another one.`);
      process.exit(1);
    });
}
