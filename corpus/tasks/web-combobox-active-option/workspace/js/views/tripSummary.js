import { h } from '../utils/dom.js';

/** "LHR → CDG", with a dash for a field that is still empty. */
export function renderTripSummary(section, trip) {
  const code = (option) => (option ? option.value : '—');
  section.replaceChildren(
    h('p', { class: 'trip-route' }, `${code(trip.from)} → ${code(trip.to)}`),
    trip.searched ? h('p', { class: 'trip-searching' }, `Searching flights ${code(trip.from)} → ${code(trip.to)}…`) : null,
  );
}
