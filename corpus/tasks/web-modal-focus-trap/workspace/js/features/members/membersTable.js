import { roleLabel } from '../../utils/format.js';

/** Renders the members table body; `onRemove(member, button)` runs when a row's Remove is clicked. */
export function renderMembersTable(tbody, members, { onRemove }) {
  const rows = members.map((member) => {
    const row = document.createElement('tr');
    row.dataset.memberId = member.id;
    const name = cell(member.pending ? `${member.name} (invited)` : member.name);
    const email = cell(member.email);
    const role = cell(roleLabel(member.role));
    const actions = document.createElement('td');
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = 'Remove';
    remove.setAttribute('aria-label', `Remove ${member.name}`);
    remove.addEventListener('click', () => onRemove(member));
    actions.append(remove);
    row.append(name, email, role, actions);
    return row;
  });
  tbody.replaceChildren(...rows);
}

function cell(text) {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}
