const DAY_MS = 24 * 60 * 60 * 1000;

function isoDate(date) {
  return date.toISOString().slice(0, 10);
}

/** The UTC calendar day a backup belongs to. */
export function dayKey(date) {
  return isoDate(date);
}

/** The ISO week (Monday to Sunday, UTC) a backup belongs to, named by the date of its Monday. */
export function weekKey(date) {
  const daysSinceMonday = (date.getUTCDay() + 6) % 7;
  const start = new Date(date.getTime() - daysSinceMonday * DAY_MS);
  return isoDate(start);
}
