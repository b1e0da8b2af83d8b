const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar date (YYYY-MM-DD, UTC) `days` after `date`. */
export function addDays(date, days) {
  return toIsoDate(new Date(Date.parse(toIsoDate(date)) + days * DAY_MS));
}

export function toIsoDate(date) {
  return (typeof date === 'string' ? new Date(date) : date).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from, to) {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}
