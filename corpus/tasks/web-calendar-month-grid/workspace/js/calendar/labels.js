import { parseIsoDate, weekdayOf } from './dates.js';

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Column headers, Monday first. */
export const WEEKDAY_HEADERS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function monthTitle({ year, month }) {
  return `${MONTH_NAMES[month]} ${year}`;
}

/** "Monday 31 March 2025": what a screen reader says for a day cell. */
export function dayLabel(iso) {
  const { year, month, day } = parseIsoDate(iso);
  return `${WEEKDAY_NAMES[weekdayOf(year, month, day)]} ${day} ${MONTH_NAMES[month]} ${year}`;
}
