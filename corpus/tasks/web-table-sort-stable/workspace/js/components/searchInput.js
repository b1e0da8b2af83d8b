import { debounce } from '../lib/debounce.js';
import { el } from '../lib/dom.js';

/** A labelled search box that reports its value (debounced) to `onChange`. */
export function searchInput({ label, value = '', onChange, wait = 120 }) {
  const id = `search-${label.toLowerCase().replace(/\W+/g, '-')}`;
  const report = debounce(onChange, wait);
  const input = el('input', { id, type: 'search', className: 'search-input', value, placeholder: label, onInput: () => report(input.value) });
  return el('div', { className: 'search' }, el('label', { for: id, className: 'visually-hidden' }, label), input);
}
