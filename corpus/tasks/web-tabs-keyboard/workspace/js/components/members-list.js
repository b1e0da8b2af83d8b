import { h } from '../utils/dom.js';

/** Renders the member list, owners and admins first. */
export function renderMembers(list, members) {
  const rank = { Owner: 0, Admin: 1, Member: 2 };
  const sorted = [...members].sort((a, b) => rank[a.role] - rank[b.role] || a.name.localeCompare(b.name));
  list.replaceChildren(
    ...sorted.map((member) => {
      const item = h('li', { 'data-member': member.id });
      item.append(h('span', { class: 'name' }, member.name), h('span', { class: 'role' }, member.role));
      return item;
    }),
  );
}
