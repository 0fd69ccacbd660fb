// Every string the page writes itself, in every language it has (www/language.js): index.html's text
// (elements marked data-i18n="key", and data-i18n-aria-label, -title, -placeholder, -content for those
// attributes), the words of the page's scripts (t('key', { name })) and the web app manifest's
// description (scripts/build.mjs writes a manifest per language). The engine's words (status,
// seat labels, notices, moves, variant and level names) come from the engine in the session's language;
// notation (Nf3, g1f3, PGN) is the same in every language.
//
// English is here, in the first load; every other language is a file of its own (strings-fr.js), fetched
// by `loadStrings` only for a page in that language, before the page writes a word.
//
// Adding a language: its code and name in language.js, a file like strings-fr.js with every key (the
// unit test tests/unit/strings.test.mjs says which are missing) named in TABLES below, and the rules
// texts <slug>.rules.<code>.html.

import { language } from './language.js';

const en = {
  'meta.description': 'Chessfront: chess and chess variants of war in your browser. Pass and play, or play by link.',
  'manifest.description': 'Chess and chess variants of war: pass and play, play the computer, or play by link.',

  // The top bar.
  'top.newGame': 'New game',
  'top.myGames': 'My games',
  'top.rules': 'Rules',
  'top.looks': 'Looks',
  'sound.label': 'Sound',
  'sound.title': 'Sound on or off',

  // Banners and notices.
  'update.ready': 'A new version of Chessfront is ready.',
  'update.reload': 'Reload',
  'notice.dismiss': 'Dismiss',
  'notice.partUnavailable': 'This part of the page could not be loaded (are you offline?). Try again once connected.',
  'engine.unavailable': 'The game engine could not be loaded in this browser (WebAssembly is needed). Try a current browser.',
  'board.unavailable': 'This browser gives the page no canvas to draw the board on (a canvas blocker?). Allow canvases here, or try another browser.',
  'engine.died': 'The game engine stopped unexpectedly. Reload the page: your games are saved, and links hold every move.',
  'engine.dead': 'The game engine stopped. Reload the page.',

  // The board and its players.
  'board.label': 'Board',
  'board.keys': 'Arrow keys move the cursor and read the square; Enter picks a piece, then its destination; Escape cancels; P reads the whole position.',
  'board.zoom': 'Zoom board',
  'board.whole': 'Whole board',
  'board.deadEndLegend': '✕ No legal way to finish this turn after a move marked so.',
  'board.deadEndAfter': '✕ no legal way to finish the turn after it',
  'chooser.label': 'Choose a piece',
  'chooser.cancel': 'Cancel',
  'player.toMove': 'to move',
  'player.toSetUp': 'to set up',

  // The setup editor.
  'setup.army': 'Man to place',
  'setup.help': 'Pick a man, then click squares of your zone; click a placed man to take it back.',
  'setup.random': 'Random setup',
  'setup.presets': 'Preset setups',
  'setup.presetsFirst': 'Presets…',
  'setup.clear': 'Clear',
  'setup.title': '{seat}: make your setup.',
  'setup.count': '{name}: {placed} of {needed} placed',
  'setup.seal': 'Seal my setup',
  'setup.done': 'Done: set up',

  // The side panel.
  'status.viewingAfter': 'Viewing the position after {ply}. Press End or » to return to the game.',
  'status.viewingStart': 'Viewing the start position. Press End or » to return to the game.',
  'move.label': 'Type a move',
  'move.placeholder': 'Nf3 or g1f3',
  'move.play': 'Play',
  'confirm.move': 'Confirm move',
  'confirm.takeBack': 'Take back',
  'confirm.preference': 'Confirm each move before its link is made',
  'turnBoard.preference': 'Turn the board to the side to move',
  'link.copy': 'Copy',
  'link.copied': 'Copied ✓',
  'link.selectAndCopy': 'Select and copy',
  'link.share': 'Share',
  'link.shareTitle': 'Your move in our {variant} game',
  'link.qr': 'QR',
  'link.qrLabel': 'The game link as a QR code',
  'link.qrTooLong': 'This link is too long for a QR code: copy or share it instead.',
  'moves.label': 'Moves',
  'moves.none': 'No moves yet.',
  'moves.decision': '{seat}: {name}',
  'nav.first': 'Start position',
  'nav.firstKey': 'Start (Home)',
  'nav.prev': 'Previous move',
  'nav.prevKey': 'Previous (←)',
  'nav.next': 'Next move',
  'nav.nextKey': 'Next (→)',
  'nav.last': 'Current position',
  'nav.lastKey': 'Current (End)',
  'action.flip': 'Flip board',
  'action.undo': 'Undo',
  'action.offerDraw': 'Offer draw',
  'action.acceptDraw': 'Accept draw',
  'action.resign': 'Resign',
  'action.resignConfirm': 'Resign this game?',
  'action.rematch': 'Rematch',
  'action.playLive': 'Play live',
  'action.readPosition': 'Read position',
  'action.copyPosition': 'Copy position',
  'action.positionCopied': 'Position copied: {position}',
  'action.position': 'Position: {position}',
  'action.record': 'Game record (PGN)',
  'action.analyse': 'Analyse',
  'analysis.title': 'Analysis',
  'analysis.stop': 'Stop',
  'analysis.resume': 'Go on',
  'analysis.close': 'Close the analysis',
  'analysis.bar': "White's winning chance",
  'analysis.thinking': 'thinking…',
  'analysis.depth': 'depth {depth}',
  'analysis.nothing': 'nothing to analyse here',
  'analysis.playOn': 'Play on against the computer from here',
  'analysis.back': 'Back to the position analysed',
  'analysis.playLine': 'Play {moves} on the analysis board',
  'analysis.lineShown': 'Analysis board: {moves}, played on a copy, not in the game.',
  'action.review': 'Review the game',
  'hint.ask': 'Hint',
  'hint.thinking': 'Finding a hint…',
  'review.title': 'Game review',
  'review.close': 'Close the review',
  'review.working': 'Reviewing every move…',
  'review.graph': "Evaluation graph: White's winning chance over the game; click to show a move",
  'review.copy': 'Copy PGN with the review',
  'review.pgn': 'PGN',
  'picker.help': 'Click the squares on the board, then confirm.',
  'picker.confirm': 'Confirm',
  'picker.confirmMove': 'Confirm {name}',

  // The New game dialog (and the start screen's ways to play).
  'new.title': 'New game',
  'new.variant': 'Variant',
  'new.rules': 'Rules',
  'new.how': 'How to play',
  'mode.local': 'Pass and play on this device',
  'mode.link': 'Play by link with a friend',
  'mode.live': 'Play live with a friend',
  'mode.computer': 'Play the computer',
  'new.side': 'I play',
  'new.level': 'Computer level',
  'new.position': 'Start from a position (optional)',
  'new.positionPlaceholder': 'leave empty for the usual start',
  'new.cancel': 'Cancel',
  'new.start': 'Start',

  // My games.
  'games.title': 'My games',
  'games.openLabel': 'Open a game link',
  'games.openPlaceholder': 'paste a link here',
  'games.open': 'Open',
  'games.none': 'No saved games in this browser yet.',
  'games.yourTurn': 'Your turn',
  'games.delete': 'Delete',
  'games.deleteGame': 'Delete {game}',
  'games.deleteConfirm': 'Delete this game from this browser, with your secrets for it? Its links keep working.',
  'games.transfer': 'Move the open game to another device',
  'games.transferAbout': 'A transfer code moves the open game to another browser of yours, with your secrets for it (the fortunes of war, a sealed setup). It is not the game link:',
  'games.transferNever': 'never send it to your opponent',
  'games.transferPaste': '. On the other device, paste it into "Bring a game from another device".',
  'games.makeTransfer': 'Make a transfer code',
  'games.transferCode': 'Transfer code',
  'games.close': 'Close',
  'games.bring': 'Bring a game from another device',

  // Bring a game from another device (a transfer code).
  'bring.title': 'Bring a game from another device',
  'bring.about': 'This moves a game you play on another device of yours to this browser, with your secrets for it (the fortunes of war, a sealed setup), so that you play it from here. Make the code on the other device: "My games", then "Move the open game to another device".',
  'bring.warning': 'Only paste a code you made yourself. A transfer code from anyone else is an attack: whoever made it could then foresee the fortunes of war or decide for you.',
  'bring.label': 'Transfer code',
  'bring.placeholder': 'paste the code here',
  'bring.cancel': 'Cancel',
  'bring.submit': 'Bring the game here',

  // The start screen.
  'welcome.title': 'Welcome to Chessfront',
  'welcome.close': 'Close the start screen',
  'welcome.about': 'Chess and chess variants of war, in your browser. Pick a game, then how to play it.',

  // Looks, sound and language.
  'looks.title': 'Looks, sound and language',
  'looks.page': 'Page',
  'looks.system': 'As the system says',
  'looks.light': 'Light',
  'looks.dark': 'Dark',
  'looks.board': 'Board',
  'looks.wood': 'Wood',
  'looks.green': 'Green',
  'looks.blue': 'Blue',
  'looks.pieces': 'Pieces',
  'looks.classic': 'Classic',
  'looks.geometric': 'Geometric',
  'looks.sound': 'Sounds (moves, captures, checks, the end)',
  'looks.language': 'Language / Langue',
  'looks.close': 'Close',

  // The game record.
  'record.title': 'Game record',
  'record.close': 'Close the game record',
  'record.about': 'PGN: chess as standard PGN for lichess and chess programs; variants with their name, start position and notation (see the README).',
  'record.text': 'This game in PGN',
  'record.copy': 'Copy PGN',
  'record.download': 'Download .pgn',
  'record.copyMoves': 'Copy moves',
  'record.importLabel': 'Open a chess game from its PGN (a new pass-and-play game: replay it or play on)',
  'record.importPlaceholder': 'paste a PGN here',
  'record.import': 'Open PGN',

  // The rules.
  'rules.title': 'Rules',
  'rules.titleOf': 'Rules: {name}',
  'rules.close': 'Close the rules',
  'rules.loading': 'Loading the rules…',
  'rules.failed': 'The rules could not be loaded (are you offline?). ',
  'rules.retry': 'Try again',
  'rules.here': 'Playing here',
  'rules.hereClick': 'Click a piece, then its destination; or drag it. Legal destinations are marked when a piece is picked.',
  'rules.hereKeys': 'Keyboard: focus the board (Tab), move the cursor with the arrow keys, press Enter to pick and to drop; P (or "Read position") reads the whole position, and "Type a move" takes a move as the move list writes it (Nf3) or by its squares (g1f3). Screen readers hear every move, the square under the cursor and the status. Elsewhere, ← and → step through the moves, Home and End jump to the start and the current position.',
  'rules.hereLink': 'Play by link: after each move, send the link to your opponent (Copy or Share). Their browser replays and checks every move; they answer with a new link. Your games are kept in this browser under "My games".',
  'rules.closeButton': 'Close',

  // What a listener hears besides the engine's words (speech.js).
  'speech.picked': 'picked',
  'speech.goes': 'the picked piece can go here: {names}',
  'speech.canMove': 'can move',
  'speech.deadEnd': 'a dead end: no legal way to finish the turn after this move',
  'speech.allDeadEnds': 'every move of it is a dead end',
  'speech.chosen': 'chosen',
  'speech.choosable': 'can be chosen',
  'speech.viewing': 'Position after {ply}.',
  'speech.start': 'The start position.',
  'speech.takenBack': 'Taken back: {moves}',
};


/**
 * French typography, so the catalogue can be typed with plain spaces: a no-break space (U+00A0) before
 * a colon and inside « » quotes, a narrow no-break space (U+202F) before ; ! and ?.
 */
export function frenchTypography(text) {
  return text
    .replace(/«\s*([^«»]*?)\s*»/g, '«\u00a0$1\u00a0»')
    .replace(/ :/g, '\u00a0:')
    .replace(/ ([;!?])/g, '\u202f$1');
}

/** The strings of every language loaded so far, by key (English from the start: `loadStrings`). */
export const STRINGS = { en, fr: {} };

/**
 * Adds a catalogue loaded later (a language's table, or live play's, www/live-strings.js: kept out of
 * the first load) to the page's: `{ en: {...}, fr: {...} }`, any of them, French put in French
 * typography like the rest.
 */
export function addStrings(more) {
  Object.assign(STRINGS.en, more.en);
  if (more.fr) Object.assign(STRINGS.fr, Object.fromEntries(Object.entries(more.fr).map(([key, text]) => [key, frenchTypography(text)])));
}

/** The table of each language but English, as the module that holds it. The specifier is written out:
 * the build maps it to the table's own file. */
const TABLES = { fr: () => import('./strings-fr.js').then((m) => m.FR) };

const tables = {};

/**
 * Fetches the table of `lang` (the page's language by default) once; resolves when its strings are in
 * STRINGS. English needs nothing. A table that cannot be fetched (offline, not cached) leaves the page
 * in English, which `t` falls back to, and is asked for again next time.
 */
export function loadStrings(lang = language()) {
  if (!TABLES[lang]) return Promise.resolve();
  tables[lang] ??= TABLES[lang]()
    .then((table) => addStrings({ [lang]: table }))
    .catch((e) => {
      console.error(e);
      delete tables[lang];
    });
  return tables[lang];
}

/**
 * The string `key` in the page's language (or `lang`), its `{name}` placeholders filled from `params`.
 * A key missing in that language falls back to English, and a key unknown to both shows itself (the
 * unit test keeps both from happening).
 */
export function t(key, params = {}, lang = language()) {
  const text = STRINGS[lang]?.[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The attributes index.html marks for translation: data-i18n-<attribute>="key". */
export const TRANSLATED_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'content'];

/**
 * Puts the page's language on `root`'s marked elements (index.html's text and attributes) and on <html lang>,
 * and marks <html data-strings>: until then style.css keeps index.html's English from showing. A document
 * already marked with `lang` shows it, and is left alone.
 */
export function applyStrings(root = document, lang = language()) {
  // Already shown: an English page's words are index.html's, shown by the head's script (www/preload.js).
  if (root === document && document.documentElement.dataset.strings === lang) return;
  document.documentElement.lang = lang;
  // What already says it is left alone: rewriting the same words would have the browser style and lay
  // out the page again (index.html holds the English, so an English start-up changes nothing here).
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const text = t(el.dataset.i18n, {}, lang);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const attribute of TRANSLATED_ATTRIBUTES) {
    const data = `data-i18n-${attribute}`;
    for (const el of root.querySelectorAll(`[${data}]`)) {
      const text = t(el.getAttribute(data), {}, lang);
      if (el.getAttribute(attribute) !== text) el.setAttribute(attribute, text);
    }
  }
  document.documentElement.dataset.strings = lang;
}
