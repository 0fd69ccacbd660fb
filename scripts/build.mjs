// Builds the static site into dist/: the engine facade compiled to wasm, its JS bindings, and www/.
// dist/ is the whole product: any static host can serve it as it is.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'chessfront-web']);
const pkg = join(root, 'www', 'pkg');
rmSync(pkg, { recursive: true, force: true });
run('wasm-bindgen', [
  '--target', 'web',
  '--no-typescript',
  // Function names are for debuggers; shipping them costs about 20 KB gzipped of page weight.
  '--remove-name-section',
  '--out-dir', pkg,
  join(root, 'target', 'wasm32-unknown-unknown', 'release', 'chessfront_web.wasm'),
]);

const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);
for (const entry of readdirSync(join(root, 'www'))) {
  cpSync(join(root, 'www', entry), join(dist, entry), { recursive: true });
}
// The rules texts live beside each variant's engine file; the page fetches one when its rules are
// opened, so they are not part of the first load.
const variantsDir = join(root, 'crate', 'engine', 'src', 'variants');
mkdirSync(join(dist, 'rules'));
for (const entry of readdirSync(variantsDir)) {
  const slug = entry.endsWith('.rules.html') ? entry.slice(0, -'.rules.html'.length) : null;
  if (slug) cpSync(join(variantsDir, entry), join(dist, 'rules', `${slug}.html`));
}
console.log(`built ${dist}`);
