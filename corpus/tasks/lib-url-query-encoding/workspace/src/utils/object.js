/** A copy of `source` with only the listed keys that are present on it. */
export function pick(source, keys) {
  const picked = {};
  for (const key of keys) {
    if (Object.prototype.hasOwnProperty.call(source, key)) picked[key] = source[key];
  }
  return picked;
}
