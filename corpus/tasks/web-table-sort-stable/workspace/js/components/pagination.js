import { el } from '../lib/dom.js';

/** "Showing 1–24 of 24" with previous/next buttons when there is more than one page. */
export function pagination({ page, pages, from, to, total }, onPage) {
  const summary = total === 0 ? 'No rows' : `Showing ${from}–${to} of ${total}`;
  return el(
    'div',
    { className: 'pagination' },
    el('span', { role: 'status' }, summary),
    pages > 1
      ? el(
          'span',
          {},
          el('button', { type: 'button', disabled: page <= 1, onClick: () => onPage(page - 1) }, 'Previous'),
          ` Page ${page} of ${pages} `,
          el('button', { type: 'button', disabled: page >= pages, onClick: () => onPage(page + 1) }, 'Next'),
        )
      : null,
  );
}
