import { createDialog } from '../../ui/dialog.js';

/** The "Remove member?" confirmation. `ask(member)` opens it for one member. */
export function setupRemoveDialog(backdrop, { onConfirm }) {
  const text = backdrop.querySelector('#remove-dialog-text');
  const confirm = backdrop.querySelector('#remove-confirm');
  let pending = null;

  const dialog = createDialog(backdrop, {
    onClose: () => {
      pending = null;
    },
  });

  confirm.addEventListener('click', async () => {
    const member = pending;
    if (!member) return;
    dialog.close('confirmed');
    await onConfirm(member);
  });

  return {
    ask(member) {
      pending = member;
      text.textContent = `${member.name} (${member.email}) will lose access to this team.`;
      dialog.open();
    },
  };
}
