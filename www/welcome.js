// The start screen of a first visit (the session says when: no link, no game kept): the six variants,
// each with a picture and one line, and the three ways to play. Pass and play starts at once; a link or
// computer game opens the New game dialog with the variant and the way chosen (a side, a level to pick).
// Loaded when the session asks for the start screen (www/lazy.js): a link's first load has none of it.

/** The page's parts this one uses, handed over by `connect`. */
let $, app, call, clearNotice, engine, Board, use;

let chosen = null;

function choose(slug) {
  chosen = slug;
  for (const card of $('welcome-variants').children) card.setAttribute('aria-checked', String(card.dataset.slug === slug));
}

function card(info) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'welcome-card';
  button.dataset.slug = info.slug;
  button.setAttribute('role', 'radio');
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  const name = document.createElement('strong');
  name.textContent = info.name;
  const line = document.createElement('span');
  line.textContent = info.summary;
  button.append(canvas, name, line);
  button.addEventListener('click', () => choose(info.slug));
  return { button, canvas };
}

// One picture per idle moment: drawing all six at once took a quarter of a second on a slow phone
// before the start screen answered a tap.
const whenIdle = window.requestIdleCallback
  ? (f) => window.requestIdleCallback(f, { timeout: 200 })
  : (f) => setTimeout(f, 0);

function drawPictures(cards) {
  const next = cards.shift();
  if (!next) return;
  const { button, canvas, slug } = next;
  // Drawn once the dialog is laid out (the board sizes itself to its canvas).
  const { value: view } = call(() => engine.variantPicture(slug));
  if (view) new Board(canvas, () => {}).set({ board: view, options: [], lastMove: null });
  button.dataset.drawn = 'true';
  whenIdle(() => drawPictures(cards));
}

export function showWelcome() {
  const box = $('welcome-variants');
  box.textContent = '';
  $('welcome-dialog').showModal();
  const cards = app.variants.map((info) => ({ ...card(info), slug: info.slug }));
  for (const { button } of cards) box.append(button);
  choose(app.variants[0].slug);
  box.firstElementChild?.focus();
  whenIdle(() => drawPictures(cards));
}

function start(mode) {
  $('welcome-dialog').close();
  clearNotice();
  if (mode === 'local') {
    const { value } = call(() => app.session.newGame(chosen, 'local', 0, undefined, undefined, undefined));
    if (value) app.hooks.apply(value);
    return;
  }
  use('dialogs', (dialogs) => newGameAs(dialogs, mode));
}

/** The New game dialog with the variant and the way chosen on the start screen. */
function newGameAs(dialogs, mode) {
  dialogs.openNewDialog();
  $('new-variant').value = chosen;
  $('new-variant').dispatchEvent(new Event('change'));
  const radio = document.querySelector(`input[name="mode"][value="${mode}"]`);
  radio.checked = true;
  radio.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Takes the page's parts and wires the start screen's controls. */
export function connect(page) {
  ({ $, app, call, clearNotice, engine, Board, use } = page);
  // Closed by its close button: not shown again (the session keeps it).
  $('welcome-close').addEventListener('click', () => {
    $('welcome-dialog').close();
    call(() => app.session.welcomeClosed());
  });
  for (const button of document.querySelectorAll('.welcome-ways button')) {
    button.addEventListener('click', () => start(button.dataset.mode));
  }
}
