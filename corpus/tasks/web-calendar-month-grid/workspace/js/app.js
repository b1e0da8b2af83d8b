import { EVENTS } from './data/events.js';
import { indexEventsByDay } from './services/eventsByDay.js';
import { addMonths, currentMonth } from './calendar/dates.js';
import { dayLabel } from './calendar/labels.js';
import { onRouteChange, routeToMonth, routedMonth } from './router.js';
import { renderToolbar } from './views/toolbar.js';
import { renderMonthView } from './views/monthView.js';
import { renderPicker } from './views/picker.js';

export function startApp(doc) {
  const eventsByDay = indexEventsByDay(EVENTS);
  const state = { month: routedMonth() ?? currentMonth(), selected: null };

  function render() {
    renderToolbar(doc.getElementById('toolbar'), state.month, {
      onPrevious: () => routeToMonth(addMonths(state.month, -1)),
      onNext: () => routeToMonth(addMonths(state.month, 1)),
    });
    renderMonthView(doc.getElementById('month'), state.month, { eventsByDay, selected: state.selected });
    renderPicker(doc.getElementById('picker'), state.month, {
      selected: state.selected,
      onPick: (iso) => {
        state.selected = iso;
        render();
      },
    });
    doc.getElementById('selected-day').textContent = state.selected ? `Selected: ${dayLabel(state.selected)}` : '';
  }

  onRouteChange((month) => {
    state.month = month ?? currentMonth();
    render();
  });
  render();
}
