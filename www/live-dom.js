// A small helper to build live play's elements in code (they are not in index.html: the first load
// carries none of them). Text is always set as text, never as HTML.

/**
 * An element: `el('button', { id: 'x', type: 'button', class: 'primary' }, 'text', child, ...)`. Attributes
 * whose value is null or false are left out; `hidden: true` hides.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === false || value === undefined) continue;
    if (name === 'hidden') node.hidden = Boolean(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** Sets `node`'s text only when it differs (no needless layout). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
