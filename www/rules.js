// The rules dialog: a variant's rules text, fetched when first opened (not part of the first load), with
// its diagrams drawn by the game's own board code. Loaded when first opened, like the texts
// (www/lazy.js).

/** The page's parts this one uses, handed over by `connect`. */
let $, ASSETS, Board, parseSquare, t, currentLanguage, engine;

/** The rules texts fetched so far, by language and slug (fetched when first opened: not in the first load). */
const rulesTexts = new Map();

async function rulesText(slug, language) {
  const key = `${language}/${slug}`;
  if (!rulesTexts.has(key)) {
    // Built: a hashed name (rules/<slug>.<hash>.html, rules/<slug>.fr.<hash>.html); www/ as it is: the
    // names the build copies them to, without the hash.
    const fallback = `rules/${slug}${language === 'en' ? '' : `.${language}`}.html`;
    const response = await fetch(ASSETS.rules[language]?.[slug] ?? fallback);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    rulesTexts.set(key, await response.text());
  }
  return rulesTexts.get(key);
}

export async function openRules(info) {
  const body = $('rules-body');
  $('rules-title').textContent = t('rules.titleOf', { name: info.name });
  body.dataset.slug = info.slug;
  body.setAttribute('aria-busy', 'true');
  // The rules text in the page's language (a language without its own text would read English).
  const language = currentLanguage();
  body.lang = language;
  body.textContent = t('rules.loading');
  if (!$('rules-dialog').open) $('rules-dialog').showModal();
  let html = null;
  try {
    html = await rulesText(info.slug, language);
  } catch (e) {
    console.error(e);
  }
  // Another variant's rules were asked for meanwhile: that request fills the dialog.
  if (body.dataset.slug !== info.slug) return;
  body.removeAttribute('aria-busy');
  if (html == null) {
    body.textContent = t('rules.failed');
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = t('rules.retry');
    retry.addEventListener('click', () => openRules(info));
    body.append(retry);
    return;
  }
  // Trusted HTML shipped with the build (the engine's rules files), never text from a link or a user.
  body.innerHTML = html;
  body.lang = language;
  // Diagrams are positions in the variant's own notation, drawn by the same board code as the game.
  for (const figure of body.querySelectorAll('figure.diagram[data-position]')) {
    let view = null;
    try {
      view = engine.viewPosition(info.slug, figure.dataset.position);
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

/** Takes the page's parts and wires the dialog's close buttons. */
export function connect(page) {
  ({ $, ASSETS, Board, parseSquare, t, engine, language: currentLanguage } = page);
  $('rules-close').addEventListener('click', () => $('rules-dialog').close());
  $('rules-close-top').addEventListener('click', () => $('rules-dialog').close());
}
