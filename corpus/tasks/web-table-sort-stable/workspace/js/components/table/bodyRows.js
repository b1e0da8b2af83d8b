import { el } from '../../lib/dom.js';
import { isBlank } from '../../lib/compare.js';
import { columnType } from './columnTypes.js';

/** One <tr> per row; a column may supply `render(row)` to return a node instead of text. */
export function bodyRows(columns, rows, rowKey) {
  return rows.map((row) =>
    el(
      'tr',
      { dataset: { key: row[rowKey] } },
      columns.map((column) => {
        const type = columnType(column);
        const value = row[column.key];
        const content = column.render ? column.render(row) : isBlank(value) ? '—' : type.format(value);
        const classes = [type.align === 'right' ? 'align-right' : '', isBlank(value) ? 'blank' : ''].filter(Boolean).join(' ');
        return el('td', { className: classes || null, dataset: { column: column.key } }, content);
      }),
    ),
  );
}
