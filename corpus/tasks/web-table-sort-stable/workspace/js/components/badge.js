import { el } from '../lib/dom.js';
import { parseNumber } from '../lib/numbers.js';

export const LOW_STOCK = 20;

/** Stock status badge: unknown when the count is blank, out at 0, low under LOW_STOCK. */
export function stockBadge(stock) {
  const n = parseNumber(stock);
  if (Number.isNaN(n)) return el('span', { className: 'badge badge-unknown' }, 'Unknown');
  if (n === 0) return el('span', { className: 'badge badge-out' }, 'Out of stock');
  if (n < LOW_STOCK) return el('span', { className: 'badge badge-low' }, 'Low');
  return el('span', { className: 'badge badge-ok' }, 'In stock');
}
