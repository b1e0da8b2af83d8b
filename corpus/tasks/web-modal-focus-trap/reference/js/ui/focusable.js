/**
 * Elements a keyboard user can reach with Tab, in document order. Disabled
 * controls and hidden elements are skipped, so a dialog's focus trap wraps at the
 * right place.
 */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'area[href]',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function isRendered(el) {
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

export function getTabbable(container) {
  return [...container.querySelectorAll(TABBABLE)].filter((el) => el.tabIndex >= 0 && isRendered(el));
}
