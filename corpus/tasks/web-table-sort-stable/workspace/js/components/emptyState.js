import { el } from '../lib/dom.js';

export function emptyState(filterText) {
  return el('div', { className: 'empty-state' }, filterText ? `Nothing matches “${filterText}”.` : 'Nothing here yet.');
}
