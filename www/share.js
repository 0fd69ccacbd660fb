// Copying and sharing game links: the clipboard where allowed, a selectable text field otherwise, and
// the system share sheet where the browser has one.

/** Copies text; resolves to true when it reached the clipboard. */
export async function copyText(text, fallbackInput) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: fall through to the selection fallback.
  }
  if (fallbackInput) {
    fallbackInput.focus();
    fallbackInput.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
  return false;
}

export const canShare = () => typeof navigator.share === 'function';

export async function shareLink(url, title) {
  try {
    await navigator.share({ title, text: title, url });
    return true;
  } catch {
    return false; // Cancelled by the user or refused: nothing to report.
  }
}
