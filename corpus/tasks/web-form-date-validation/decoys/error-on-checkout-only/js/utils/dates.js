const DAY_MS = 24 * 60 * 60 * 1000;
const PATTERN = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * Parses a UK-style date "DD/MM/YYYY" (also "D/M/YYYY", "." or "-" separators) into a
 * Date at midnight UTC. Returns null for anything that is not a calendar date.
 * UTC keeps night counts right across daylight-saving changes.
 */
export function parseDayMonthYear(text) {
  const match = PATTERN.exec(String(text).trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls impossible days over (31/04 becomes 1 May): only accept exact round trips.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** Whole nights from `from` to `to` (negative when `to` is earlier). */
export function nightsBetween(from, to) {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

const LONG = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Tue 10 Jun 2031" */
export function formatLong(date) {
  return LONG.format(date).replace(',', '');
}
