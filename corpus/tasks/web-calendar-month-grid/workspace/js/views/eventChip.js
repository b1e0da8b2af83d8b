import { h } from '../utils/dom.js';

export function eventChip(event) {
  return h('span', { class: `event event-${event.kind}`, title: event.title }, event.title);
}
