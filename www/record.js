// The game record dialog: the open game as PGN (copy, download), its move list as text, and an orthodox
// PGN opened as a new game. The engine writes and reads PGN (crate/game/src/pgn.rs); the page only
// shows the text and hands pasted text over. Loaded when first opened (www/lazy.js).

/** The page's parts this one uses, handed over by `connect`. */
let $, app, call, notify, clearNotice, copyText, t;

const apply = (...args) => app.hooks.apply(...args);

export function openRecord() {
  const { value, error } = call(() => app.session.pgn());
  if (error) return notify(`${error.message} (${error.code})`);
  $('pgn-text').value = value;
  $('pgn-import').value = '';
  $('pgn-error').hidden = true;
  $('record-dialog').showModal();
  $('copy-pgn').focus();
}

async function copied(button, text, field) {
  const label = button.textContent;
  const ok = await copyText(text, field);
  button.textContent = t(ok ? 'link.copied' : 'link.selectAndCopy');
  setTimeout(() => (button.textContent = label), 2000);
}

function download() {
  const state = app.hooks.currentState();
  const blob = new Blob([$('pgn-text').value], { type: 'application/x-chess-pgn' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `chessfront-${state?.variant ?? 'game'}-${state?.gameId ?? ''}.pgn`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}

function importPgn(e) {
  e.preventDefault();
  const text = $('pgn-import').value.trim();
  if (!text) return;
  const { value, error } = call(() => app.session.importPgn(text));
  if (error) {
    $('pgn-error').textContent = `${error.message} (${error.code})`;
    $('pgn-error').hidden = false;
    return;
  }
  $('record-dialog').close();
  clearNotice();
  apply(value);
}

/** Takes the page's parts and wires the dialog's controls. */
export function connect(page) {
  ({ $, app, call, notify, clearNotice, copyText, t } = page);
  $('record-close').addEventListener('click', () => $('record-dialog').close());
  $('copy-pgn').addEventListener('click', () => copied($('copy-pgn'), $('pgn-text').value, $('pgn-text')));
  $('copy-moves').addEventListener('click', () => {
    const { value } = call(() => app.session.movesText());
    if (value != null) copied($('copy-moves'), value);
  });
  $('download-pgn').addEventListener('click', download);
  $('pgn-import-form').addEventListener('submit', importPgn);
}
