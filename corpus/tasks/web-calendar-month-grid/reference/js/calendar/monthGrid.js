import { daysInMonth, isoDate, weekdayOf } from './dates.js';

/** Columns before the 1st in a Monday-first week: getDay() counts from Sunday (0), so Sunday is column 6. */
function leadingBlanks(year, month) {
  return (weekdayOf(year, month, 1) + 6) % 7;
}

/**
 * The month as weeks of seven cells, Monday first. A cell is the ISO date of a day of the
 * month, or null before the 1st and after the last day. A month spans four to six weeks.
 * Shared by the month view and the picker.
 */
export function buildMonthGrid({ year, month }) {
  const leading = leadingBlanks(year, month);
  const days = daysInMonth(year, month);
  const weekCount = Math.ceil((leading + days) / 7);
  const weeks = [];
  for (let week = 0; week < weekCount; week += 1) {
    const cells = [];
    for (let column = 0; column < 7; column += 1) {
      const day = week * 7 + column - leading + 1;
      cells.push(day >= 1 && day <= days ? isoDate(year, month, day) : null);
    }
    weeks.push(cells);
  }
  return weeks;
}
