import { daysInMonth, isoDate, weekdayOf } from './dates.js';

// A month never spans more than five weeks.
const WEEKS_SHOWN = 5;

/**
 * The month as weeks of seven cells, Monday first. A cell is the ISO date of a day of the
 * month, or null before the 1st and after the last day. Shared by the month view and the picker.
 */
export function buildMonthGrid({ year, month }) {
  // getDay() counts from Sunday; the grid starts on Monday, so a Sunday 1st sits in column 6.
  const firstWeekday = weekdayOf(year, month, 1);
  const leading = firstWeekday === 0 ? 6 : firstWeekday - 1;
  const days = daysInMonth(year, month);
  const weeks = [];
  for (let week = 0; week < WEEKS_SHOWN; week += 1) {
    const cells = [];
    for (let column = 0; column < 7; column += 1) {
      const day = week * 7 + column - leading + 1;
      cells.push(day >= 1 && day <= days ? isoDate(year, month, day) : null);
    }
    weeks.push(cells);
  }
  return weeks;
}
