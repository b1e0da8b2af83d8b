const DAY_MS = 24 * 60 * 60 * 1000;

function isoDate(date) {
  return date.toISOString().slice(0, 10);
}

/** The UTC calendar day a backup belongs to. */
export function dayKey(date) {
  return isoDate(date);
}

/** The week a backup belongs to, named by the date of its first day (UTC). */
export function weekKey(date) {
  const start = new Date(date.getTime() - date.getUTCDay() * DAY_MS);
  return isoDate(start);
}
