/** Events indexed by ISO date, in the order they were given. */
export function indexEventsByDay(events) {
  const byDay = new Map();
  for (const event of events) {
    const list = byDay.get(event.date) ?? [];
    list.push(event);
    byDay.set(event.date, list);
  }
  return byDay;
}
