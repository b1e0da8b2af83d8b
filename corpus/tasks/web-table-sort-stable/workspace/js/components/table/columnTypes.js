import { blanksLast, compareDates, compareNumbers, compareText } from '../../lib/compare.js';
import { formatCurrency, formatDate, formatInteger } from '../../lib/format.js';

/** How each column type compares, displays and aligns its cells. */
export const COLUMN_TYPES = {
  text: { compare: blanksLast(compareText), format: (v) => v ?? '', align: 'left' },
  number: { compare: blanksLast(compareNumbers), format: formatInteger, align: 'right' },
  currency: { compare: blanksLast(compareNumbers), format: formatCurrency, align: 'right' },
  date: { compare: blanksLast(compareDates), format: formatDate, align: 'left' },
};

export function columnType(column) {
  const type = COLUMN_TYPES[column.type ?? 'text'];
  if (!type) throw new Error(`Unknown column type "${column.type}" for column "${column.key}"`);
  return type;
}
