/** Converts a scalar query value to the string the API expects. */
export function toParamString(value) {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError('Invalid Date passed as a query parameter');
    return value.toISOString();
  }
  if (typeof value === 'object') {
    throw new TypeError('Query parameters must be strings, numbers, booleans, dates or arrays of them');
  }
  return String(value);
}
