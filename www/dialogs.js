// The New game, My games and Bring a game dialogs: they gather what the player chose and hand it to the
// session. Loaded when the player first opens one (www/lazy.js).

/** The page's parts this one uses, handed over by `connect`. */
let $, app, call, notify, clearNotice, variantInfo, t, language, engine, use;

// main.js's entry points (registered on app.hooks once the page has started).
const apply = (...args) => app.hooks.apply(...args);
const currentState = (...args) => app.hooks.currentState(...args);


/** Set once the level picker holds the engine's levels (on the dialog's first opening). */
let levelsFilled = false;

export function openNewDialog() {
  const select = $('new-variant');
  select.textContent = '';
  for (const v of app.variants) select.append(new Option(v.name, v.slug));
  select.value = currentState()?.variant ?? app.variants[0].slug;
  fillVariantFields();
  $('new-error').hidden = true;
  $('new-position').value = '';
  $('new-dialog').showModal();
}

function fillVariantFields() {
  const info = variantInfo($('new-variant').value);
  const box = $('new-settings');
  box.textContent = '';
  for (const spec of info.settings) {
    const label = document.createElement('label');
    label.textContent = spec.label;
    const sel = document.createElement('select');
    sel.dataset.setting = spec.key;
    spec.choices.forEach((c, i) => sel.append(new Option(c, String(i))));
    sel.value = String(spec.default);
    sel.addEventListener('change', () => {
      fillSides();
      fillLevels();
    });
    label.append(sel);
    box.append(label);
  }
  fillSides();
  fillLevels();
  updateSideRow();
}

/** The setting values picked in the new-game dialog, in the variant's declared order. */
function chosenSettings() {
  return Uint8Array.from([...$('new-settings').querySelectorAll('select')].map((s) => Number(s.value)));
}

/** The sides to choose from, under the settings chosen (four players have four). */
function fillSides() {
  const variant = $('new-variant').value;
  const settings = chosenSettings();
  const names = call(() => engine.seatNames(variant, settings, language())).value || variantInfo(variant).seat_names;
  const side = $('new-side');
  const keep = side.value;
  side.textContent = '';
  names.forEach((name, i) => side.append(new Option(name, String(i))));
  if (keep && Number(keep) < names.length) side.value = keep;
}

/** The level picker again, in the page's language, if it was filled already (a language switch). */
export function refillLevels() {
  if (levelsFilled) fillLevels();
}

/** The level picker, from the engine's levels (the worker plays them; the benchmark measures them), each
 * described by what was measured in the variant and settings chosen (the engine says what). */
function fillLevels() {
  const variant = $('new-variant').value || undefined;
  const { value: levels } = call(() => engine.levels(language(), variant, chosenSettings()));
  if (!levels) return;
  const picker = $('new-level');
  // The level chosen stays when the variant changes; the session's default level at first.
  const keep = levelsFilled && picker.value ? picker.value : String(engine.defaultLevel());
  levelsFilled = true;
  picker.textContent = '';
  // "Name (how it plays)": the name in the picker, how it plays under it (whole on a phone too).
  app.levelAbout = [];
  levels.forEach((label, i) => {
    const [, name, about] = label.match(/^([^(]*?)\s*(?:\((.*)\))?$/) || [null, label, ''];
    app.levelAbout.push(about || '');
    picker.append(new Option(`${i + 1} · ${name}`, String(i + 1)));
  });
  picker.value = Number(keep) <= levels.length ? keep : '1';
  showLevelAbout();
}

function showLevelAbout() {
  $('new-level-about').textContent = app.levelAbout?.[Number($('new-level').value) - 1] ?? '';
}

function updateSideRow() {
  const mode = new FormData($('new-form')).get('mode');
  $('new-side-row').hidden = mode !== 'link' && mode !== 'live' && mode !== 'computer';
  $('new-level-row').hidden = mode !== 'computer';
}

function submitNewGame(e) {
  e.preventDefault();
  const form = new FormData($('new-form'));
  const mode = form.get('mode');
  const settings = chosenSettings();
  const setup = String(form.get('position') || '').trim() || undefined;
  const seat = Number(form.get('side') || 0);
  const level = form.get('level') ? Number(form.get('level')) : undefined;
  // A live game is a link game whose moves travel over a connection: its invitation is made next.
  const { value: update, error } = call(() => app.session.newGame(form.get('variant'), mode === 'live' ? 'link' : mode, seat, level, settings, setup));
  if (error) {
    $('new-error').textContent = error.message;
    $('new-error').hidden = false;
    return;
  }
  $('new-dialog').close();
  clearNotice();
  apply(update);
  if (mode === 'live') app.hooks.playLive();
}


/** Dates as the page's language writes them ("26 Nov 2026, 15:04", "26 nov. 2026, 15:04"). */
const dateFormat = () => new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' });

export function openGamesDialog() {
  const list = $('games-list');
  list.textContent = '';
  const games = call(() => app.session.games()).value || [];
  if (!games.length) {
    const li = document.createElement('li');
    li.textContent = t('games.none');
    list.append(li);
  }
  const current = currentState()?.gameId;
  for (const g of games) {
    const li = document.createElement('li');
    if (g.id === current) li.className = 'current-game';
    if (g.yourTurn) li.classList.add('your-turn');
    const info = document.createElement('div');
    info.className = 'info';
    info.textContent = g.title; // the session's words: "Chess · you play White"
    if (g.yourTurn) {
      const mark = document.createElement('strong');
      mark.className = 'turn-mark';
      mark.textContent = t('games.yourTurn');
      info.prepend(mark, ' ');
    }
    const small = document.createElement('small');
    const when = g.updated ? dateFormat().format(new Date(g.updated)) : '';
    small.textContent = `${g.detail} · ${when}`;
    info.append(small);
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = t('games.open');
    open.addEventListener('click', () => {
      clearNotice();
      $('games-dialog').close();
      apply(call(() => app.session.openStored(g.id)).value);
    });
    const del = document.createElement('button');
    del.type = 'button';
    del.textContent = t('games.delete');
    del.setAttribute('aria-label', t('games.deleteGame', { game: info.textContent }));
    del.addEventListener('click', () => {
      if (!confirm(t('games.deleteConfirm'))) return;
      call(() => app.session.deleteGame(g.id));
      openGamesDialog();
    });
    li.append(info, open, del);
    list.append(li);
  }
  $('transfer-code').value = '';
  $('transfer-box').hidden = true;
  if (!$('games-dialog').open) $('games-dialog').showModal();
}

/** Shows the open game's transfer code (it holds this browser's secrets: never for the opponent). */
function exportGame() {
  const { value, error } = call(() => app.session.exportCode());
  if (error) return notify(`${error.message} (${error.code})`);
  $('transfer-code').value = value;
  $('transfer-box').hidden = false;
}

/** "Bring a game from another device": the only place a transfer code is taken (the session checks it). */
export function openBringDialog() {
  $('games-dialog').close();
  $('bring-code').value = '';
  $('bring-error').hidden = true;
  $('bring-dialog').showModal();
  $('bring-code').focus();
}

function submitBring(e) {
  e.preventDefault();
  const text = $('bring-code').value.trim();
  if (!text) return;
  const { value, error } = call(() => app.session.importTransfer(text));
  if (error) {
    $('bring-error').textContent = `${error.message} (${error.code})`;
    $('bring-error').hidden = false;
    return;
  }
  $('bring-dialog').close();
  clearNotice();
  apply(value);
}

/** A link pasted into My games (a transfer code is refused here: it has its own dialog). */
function openPasted(e) {
  e.preventDefault();
  const text = $('open-link-input').value.trim();
  if (!text) return;
  $('games-dialog').close();
  $('open-link-input').value = '';
  clearNotice();
  apply(call(() => app.session.openPasted(text)).value);
}

/** Takes the page's parts and wires the dialogs' controls. */
export function connect(page) {
  ({ $, app, call, notify, clearNotice, variantInfo, t, language, engine, use } = page);
  $('new-variant').addEventListener('change', fillVariantFields);
  // The rules of the variant picked, over the dialog (closing them returns to it).
  $('new-rules').addEventListener('click', () => use('rules', (rules) => rules.openRules(variantInfo($('new-variant').value))));
  $('new-form').addEventListener('change', updateSideRow);
  $('new-level').addEventListener('change', showLevelAbout);
  $('new-form').addEventListener('submit', submitNewGame);
  $('new-cancel').addEventListener('click', () => $('new-dialog').close());
  $('games-close').addEventListener('click', () => $('games-dialog').close());
  $('open-link-form').addEventListener('submit', openPasted);
  $('export-game').addEventListener('click', exportGame);
  $('copy-transfer').addEventListener('click', () => page.copyText($('transfer-code').value, $('transfer-code')));
  $('bring-form').addEventListener('submit', submitBring);
  $('bring-cancel').addEventListener('click', () => $('bring-dialog').close());
}
