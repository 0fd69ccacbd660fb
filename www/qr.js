// The game link as a QR code, so a phone at the same table can take the game: drawn on a canvas from
// lean-qr's "nano" build (www/vendor/lean-qr-nano.js, an unmodified copy of the npm package's
// nano.mjs, MIT; a unit test keeps it identical). Loaded on the first use, not with the page.

/** Draws `text` as a QR code on `canvas` (black on white, a quiet zone of 4 modules); false if too long. */
export async function drawQr(canvas, text) {
  const { generate } = await import('./vendor/lean-qr-nano.js');
  let code;
  try {
    code = generate(text);
  } catch {
    return false;
  }
  const quiet = 4;
  const modules = code.size + 2 * quiet;
  const scale = Math.max(2, Math.floor(Math.min(320, canvas.parentElement.clientWidth || 320) / modules));
  canvas.width = canvas.height = modules * scale;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.get(x, y)) ctx.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
    }
  }
  canvas.dataset.modules = String(code.size);
  return true;
}
