/**
 * Calendar dates as plain { year, month, day } (month 0-11), converted to ISO strings for keys.
 * Everything is a local calendar date; no times, so no time zone surprises.
 */
export function isoDate(year, month, day) {
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function parseIsoDate(iso) {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month: month - 1, day };
}

/** { year, month } as "2025-03", the form used in the URL hash. */
export function monthKey({ year, month }) {
  return isoDate(year, month, 1).slice(0, 7);
}

export function parseMonthKey(key) {
  const match = /^(\d{4})-(\d{2})$/.exec(key ?? '');
  if (!match) return null;
  const month = Number(match[2]) - 1;
  return month >= 0 && month <= 11 ? { year: Number(match[1]), month } : null;
}

export function addMonths({ year, month }, delta) {
  const total = year * 12 + month + delta;
  return { year: Math.floor(total / 12), month: ((total % 12) + 12) % 12 };
}

export function daysInMonth(year, month) {
  // Day 0 of the next month is the last day of this one.
  return new Date(year, month + 1, 0).getDate();
}

/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export function weekdayOf(year, month, day) {
  return new Date(year, month, day).getDay();
}

export function currentMonth(now = new Date()) {
  return { year: now.getFullYear(), month: now.getMonth() };
}
