import { monthKey, parseMonthKey } from './calendar/dates.js';

/** The month in the hash (`#/2025-03`), or null when there is none or it is malformed. */
export function routedMonth(hash = location.hash) {
  return parseMonthKey(hash.replace(/^#\/?/, ''));
}

export function routeToMonth(month) {
  location.hash = `#/${monthKey(month)}`;
}

export function onRouteChange(listener) {
  window.addEventListener('hashchange', () => listener(routedMonth()));
}
