import { el } from '../../lib/dom.js';
import { columnType } from './columnTypes.js';
import { ariaSortFor } from './sortState.js';

const ARROWS = { ascending: '▲', descending: '▼', none: '' };

/** A <th> whose label is a button that asks the table to sort by this column. */
export function headerCell(column, sort, onSort) {
  const state = ariaSortFor(sort, column.key);
  const align = columnType(column).align;
  const label = column.sortable === false
    ? column.label
    : el(
        'button',
        { type: 'button', className: 'sort-button', onClick: () => onSort(column.key) },
        column.label,
        el('span', { className: 'sort-indicator', 'aria-hidden': 'true' }, ARROWS[state]),
      );
  return el('th', { scope: 'col', 'aria-sort': column.sortable === false ? null : state, className: align === 'right' ? 'align-right' : null }, label);
}
