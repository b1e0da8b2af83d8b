import { h } from '../utils/dom.js';
import { WEEKDAY_HEADERS, dayLabel, monthTitle } from '../calendar/labels.js';
import { daysInMonth, isoDate, parseIsoDate, weekdayOf } from '../calendar/dates.js';
import { eventChip } from './eventChip.js';

/** Monday-first weeks covering the whole month (Sunday 1st in the last column, up to six weeks). */
function monthWeeks({ year, month }) {
  const leading = (weekdayOf(year, month, 1) + 6) % 7;
  const days = daysInMonth(year, month);
  const weeks = [];
  for (let start = 1 - leading; start <= days; start += 7) {
    weeks.push(Array.from({ length: 7 }, (_, i) => (start + i >= 1 && start + i <= days ? isoDate(year, month, start + i) : null)));
  }
  return weeks;
}

function dayCell(iso, eventsByDay, selected) {
  if (iso === null) return h('td', {});
  return h(
    'td',
    { 'data-date': iso, 'aria-label': dayLabel(iso), class: iso === selected ? 'selected' : null },
    h('span', { class: 'day-number' }, parseIsoDate(iso).day),
    (eventsByDay.get(iso) ?? []).map(eventChip),
  );
}

export function renderMonthView(container, month, { eventsByDay, selected }) {
  container.replaceChildren(
    h(
      'table',
      { class: 'month-grid', role: 'grid', 'aria-label': monthTitle(month) },
      h('thead', {}, h('tr', {}, WEEKDAY_HEADERS.map((name) => h('th', { scope: 'col' }, name)))),
      h('tbody', {}, monthWeeks(month).map((week) => h('tr', {}, week.map((iso) => dayCell(iso, eventsByDay, selected))))),
    ),
  );
}
