/** Collapses runs of whitespace and trims, as people paste values with stray spaces. */
export function tidy(value) {
  return String(value ?? '').replace(/\s+/g, ' ').trim();
}

export function plural(count, word) {
  return `${count} ${count === 1 ? word : `${word}s`}`;
}
