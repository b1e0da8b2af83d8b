import { AIRPORTS } from './data/airports.js';
import { toOptions } from './search/labels.js';
import { mountCombobox } from './components/combobox.js';
import { renderTripSummary } from './views/tripSummary.js';

export function startApp(doc) {
  const options = toOptions(AIRPORTS);
  const summary = doc.getElementById('trip-summary');
  const trip = { from: null, to: null, searched: false };
  const update = (patch) => {
    Object.assign(trip, patch);
    renderTripSummary(summary, trip);
  };

  mountCombobox(doc.querySelector('[data-field="from"]'), { name: 'from', options, onPick: (from) => update({ from, searched: false }) });
  mountCombobox(doc.querySelector('[data-field="to"]'), { name: 'to', options, onPick: (to) => update({ to, searched: false }) });

  doc.getElementById('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    update({ searched: true });
  });
  renderTripSummary(summary, trip);
}
