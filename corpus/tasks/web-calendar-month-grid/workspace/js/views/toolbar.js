import { h } from '../utils/dom.js';
import { monthTitle } from '../calendar/labels.js';

export function renderToolbar(container, month, { onPrevious, onNext }) {
  const previous = h('button', { type: 'button', class: 'previous' }, 'Previous');
  const next = h('button', { type: 'button', class: 'next' }, 'Next');
  previous.addEventListener('click', onPrevious);
  next.addEventListener('click', onNext);
  container.replaceChildren(h('h1', {}, monthTitle(month)), previous, next);
}
