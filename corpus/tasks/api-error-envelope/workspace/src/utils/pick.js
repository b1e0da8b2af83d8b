/** A copy of `object` with only `keys` (those present). */
export function pick(object, keys) {
  return Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));
}
