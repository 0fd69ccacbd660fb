// The rules dialog: a variant's rules text, fetched when first opened (not part of the first load), with
// its diagrams drawn by the game's own board code.
import { viewPosition } from './pkg/chessfront_web.js';
import { Board, parseSquare } from './board.js';
import { ASSETS } from './assets.js';

const $ = (id) => document.getElementById(id);

/** The rules texts fetched so far, by slug (fetched when first opened: they are not in the first load). */
const rulesTexts = new Map();

async function rulesText(slug) {
  if (!rulesTexts.has(slug)) {
    // Built: a hashed name; www/ as it is: the folder the build copies them from.
    const response = await fetch(ASSETS.rules[slug] ?? `rules/${slug}.html`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    rulesTexts.set(slug, await response.text());
  }
  return rulesTexts.get(slug);
}

export async function openRules(info) {
  const body = $('rules-body');
  $('rules-title').textContent = `Rules: ${info.name}`;
  body.dataset.slug = info.slug;
  body.setAttribute('aria-busy', 'true');
  body.textContent = 'Loading the rules…';
  if (!$('rules-dialog').open) $('rules-dialog').showModal();
  let html = null;
  try {
    html = await rulesText(info.slug);
  } catch (e) {
    console.error(e);
  }
  // Another variant's rules were asked for meanwhile: that request fills the dialog.
  if (body.dataset.slug !== info.slug) return;
  body.removeAttribute('aria-busy');
  if (html == null) {
    body.textContent = 'The rules could not be loaded (are you offline?). ';
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = 'Try again';
    retry.addEventListener('click', () => openRules(info));
    body.append(retry);
    return;
  }
  // Trusted HTML shipped with the build (the engine's rules files), never text from a link or a user.
  body.innerHTML = html;
  // Diagrams are positions in the variant's own notation, drawn by the same board code as the game.
  for (const figure of body.querySelectorAll('figure.diagram[data-position]')) {
    let view = null;
    try {
      view = viewPosition(info.slug, figure.dataset.position);
    } catch (e) {
      console.error(e);
    }
    if (!view) continue;
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', figure.textContent.trim());
    figure.prepend(canvas);
    const [from, to] = (figure.dataset.highlight || '').split(/\s+/).map(parseSquare);
    new Board(canvas, () => {}).set({ board: view, options: [], lastMove: from != null ? { from, to } : null });
  }
}

