// Content-hashed file names and precompressed copies for dist/.
// Every file but index.html and sw.js gets a name with a hash of its bytes (`style.3f2a9c01d4.css`), so a
// static host can let browsers keep it for a year: a new build that changes it gives it a new name.
// Text and wasm files also get `.br` and `.gz` copies beside them, which scripts/serve.mjs (and hosts
// that support precompressed files) send to browsers that accept them.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

/** The hash part of a hashed name: 10 hex digits (40 bits: collisions within one site are no worry). */
export const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

export const contentHash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);

/** `dir/name.ext` -> `dir/name.<hash>.ext`. */
export function hashedName(path, bytes) {
  const ext = extname(path);
  return `${path.slice(0, path.length - ext.length)}.${contentHash(bytes)}${ext}`;
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.wasm', '.svg', '.json', '.webmanifest']);

/** A build output folder: files are written under their final (hashed) names and remembered. */
export class Output {
  constructor(dir) {
    this.dir = dir;
    /** Relative paths of every file written, in order (the service worker precaches them). */
    this.files = [];
  }

  /** Writes `bytes` as `path` (hashed unless `hash: false`); returns the relative path it got. */
  add(path, bytes, { hash = true } = {}) {
    const name = hash ? hashedName(path, bytes) : path;
    const file = join(this.dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    if (COMPRESSIBLE.has(extname(name))) {
      const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
      writeFileSync(`${file}.br`, brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
    this.files.push(name);
    return name;
  }
}
