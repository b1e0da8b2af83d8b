import { parseNumber } from './numbers.js';

/** Comparators for table cells. Each returns <0, 0 or >0 like Array.prototype.sort expects. */

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

export function isBlank(value) {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function compareText(a, b) {
  return collator.compare(String(a), String(b));
}

/** Compares the API's number strings by value ("1,204" > "86"). */
export function compareNumbers(a, b) {
  return parseNumber(a) - parseNumber(b);
}

export function compareDates(a, b) {
  return Date.parse(a) - Date.parse(b);
}

/** Wraps a comparator so blank cells come after every value (and are equal to each other). */
export function blanksLast(compare) {
  return (a, b) => {
    const aBlank = isBlank(a);
    const bBlank = isBlank(b);
    if (aBlank || bBlank) return aBlank === bBlank ? 0 : aBlank ? 1 : -1;
    return compare(a, b);
  };
}
