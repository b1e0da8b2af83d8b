import { h } from '../utils/dom.js';

export function emptyState(message) {
  return h('p', { class: 'empty' }, message);
}
