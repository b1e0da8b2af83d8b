import { el } from '../../lib/dom.js';
import { sortRows } from '../../lib/sortBy.js';
import { emptyState } from '../emptyState.js';
import { pagination } from '../pagination.js';
import { bodyRows } from './bodyRows.js';
import { columnType } from './columnTypes.js';
import { headerCell } from './headerCell.js';
import { nextSort } from './sortState.js';

/**
 * A sortable, filterable, paginated table.
 * options: { columns, rows, rowKey, caption, pageSize, filterText, sort, onSortChange }
 * `rows` is kept in the order given (the default order); sorting works on copies.
 */
export function createDataTable(container, options) {
  let { rows, sort = null, filterText = '' } = options;
  const { columns, rowKey, caption, pageSize = 50, onSortChange = () => {} } = options;
  let page = 1;

  function visibleRows() {
    const needle = filterText.trim().toLowerCase();
    const filtered = needle
      ? rows.filter((row) => columns.some((c) => (c.type ?? 'text') === 'text' && String(row[c.key] ?? '').toLowerCase().includes(needle)))
      : rows;
    if (!sort) return filtered;
    const column = columns.find((c) => c.key === sort.key);
    return sortRows(filtered, sort.key, sort.direction, columnType(column).compare);
  }

  function handleSort(key) {
    sort = nextSort(sort, key);
    page = 1;
    onSortChange(sort);
    render();
  }

  function render() {
    const all = visibleRows();
    const pages = Math.max(1, Math.ceil(all.length / pageSize));
    page = Math.min(page, pages);
    const shown = all.slice((page - 1) * pageSize, page * pageSize);
    const table = el(
      'table',
      { className: 'data-table' },
      caption ? el('caption', {}, caption) : null,
      el('thead', {}, el('tr', {}, columns.map((column) => headerCell(column, sort, handleSort)))),
      el('tbody', {}, bodyRows(columns, shown, rowKey)),
    );
    container.replaceChildren(
      all.length === 0 ? emptyState(filterText) : table,
      pagination({ page, pages, from: (page - 1) * pageSize + 1, to: (page - 1) * pageSize + shown.length, total: all.length }, (next) => {
        page = next;
        render();
      }),
    );
  }

  render();
  return {
    setRows(next) {
      rows = next;
      render();
    },
    setFilter(text) {
      filterText = text;
      page = 1;
      render();
    },
  };
}
