import { createAnnouncer } from '../../ui/announcer.js';
import { setupInviteDialog } from './inviteDialog.js';
import { renderMembersTable } from './membersTable.js';
import { setupRemoveDialog } from './removeDialog.js';

/** Wires the Members page: table, invite and remove flows, status messages. */
export async function startMembersPage(doc, service) {
  const tbody = doc.getElementById('members-body');
  const announcer = createAnnouncer(doc.getElementById('status'));

  async function refresh() {
    renderMembersTable(tbody, await service.list(), { onRemove: (member) => removeDialog.ask(member) });
  }

  const inviteDialog = setupInviteDialog(doc.getElementById('invite-dialog'), {
    onInvite: async (invite) => {
      const member = await service.invite(invite);
      await refresh();
      announcer.say(`Invitation sent to ${member.email}`);
    },
  });

  const removeDialog = setupRemoveDialog(doc.getElementById('remove-dialog'), {
    onConfirm: async (member) => {
      await service.remove(member.id);
      await refresh();
      doc.getElementById('invite-button').focus();
      announcer.say(`${member.name} was removed`);
    },
  });

  doc.getElementById('invite-button').addEventListener('click', () => inviteDialog.open());
  await refresh();
}
