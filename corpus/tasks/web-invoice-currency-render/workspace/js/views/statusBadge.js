import { h } from '../utils/dom.js';

export function statusBadge(status) {
  return h('span', { class: `badge badge-${status.tone}` }, status.label);
}
