/** "1 item", "2 items", "0 items". */
export function pluralize(count, singular, plural = `${singular}s`) {
  return count === 1 ? singular : plural;
}
