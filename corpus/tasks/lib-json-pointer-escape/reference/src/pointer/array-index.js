import { PointerError } from '../errors.js';

const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * The array position a token refers to. `allowEnd` is set where a new element is being
 * created, so the position just after the last element is acceptable there.
 */
export function arrayIndex(token, array, pointer, { allowEnd = false } = {}) {
  // '-' is the (nonexistent) element after the last: only a place to create one.
  if (token === '-') {
    if (!allowEnd) throw new PointerError('"-" refers past the end of the array, where there is no value', pointer);
    return array.length;
  }
  if (!INDEX.test(token)) throw new PointerError(`${JSON.stringify(token)} is not an array index`, pointer);
  const index = Number(token);
  const last = allowEnd ? array.length : array.length - 1;
  if (index > last) throw new PointerError(`index ${index} is out of range for an array of ${array.length}`, pointer);
  return index;
}
