// The page's icons, rendered at build time from one drawing (www/icon.svg) with resvg: "any" icons with
// rounded corners, "maskable" ones full bleed (the platform cuts its own shape; the drawing keeps its
// knight inside the central circle that every mask leaves), a favicon and Apple's touch icon.
import { Resvg } from '@resvg/resvg-js';

/** The drawing with its corners rounded (the "any" purpose: shown as it is). */
function rounded(svg) {
  const clip = '<defs><clipPath id="round"><rect width="100" height="100" rx="18"/></clipPath></defs><g clip-path="url(#round)">';
  return svg.replace(/(<svg[^>]*>)/, `$1${clip}`).replace(/<\/svg>\s*$/, '</g></svg>\n');
}

const png = (svg, size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

/**
 * Every icon of the build: { path, bytes, size, purpose, type } (purpose and size as the manifest
 * writes them; `path` before hashing).
 */
export function renderIcons(source) {
  const any = rounded(source);
  const icons = [{ path: 'icons/icon.svg', bytes: Buffer.from(any), size: 'any', purpose: 'any', type: 'image/svg+xml' }];
  for (const size of [192, 512]) {
    icons.push({ path: `icons/icon-${size}.png`, bytes: png(any, size), size: `${size}x${size}`, purpose: 'any', type: 'image/png' });
    icons.push({ path: `icons/maskable-${size}.png`, bytes: png(source, size), size: `${size}x${size}`, purpose: 'maskable', type: 'image/png' });
  }
  // Apple draws its own rounded corners on a full-bleed square.
  icons.push({ path: 'icons/apple-touch-icon.png', bytes: png(source, 180), size: '180x180', purpose: 'apple', type: 'image/png' });
  icons.push({ path: 'icons/favicon-32.png', bytes: png(any, 32), size: '32x32', purpose: 'favicon', type: 'image/png' });
  return icons;
}
