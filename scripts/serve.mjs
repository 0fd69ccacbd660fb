// A minimal static file server for dist/ (no dependencies). `npm start` uses it; tests start it too.
// PORT (default 8080) and HOST (default localhost; 0.0.0.0 to try the game from a phone on your network).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize, extname, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

// The page's Content-Security-Policy (index.html carries the same as a meta tag, for hosts that send
// none): nothing but this origin, wasm compilation allowed, no inline script or style, no framing.
export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function serve(root, port, host = 'localhost') {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
      if (!file.startsWith(root + sep) && file !== root) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] || 'application/octet-stream',
        'cache-control': 'no-cache',
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
      });
      res.end(body);
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
