import { NotFoundError } from '../http/errors.js';
import { newId, newToken } from '../utils/ids.js';
import { pick } from '../utils/pick.js';

const PUBLIC_FIELDS = ['id', 'name', 'type', 'status'];

export function createMemberService({ db }) {
  function get(id) {
    const member = db.members.get(id);
    if (!member) throw new NotFoundError(`No member ${id}`);
    return member;
  }

  return {
    get,
    toPublic: (member) => pick(member, PUBLIC_FIELDS),
    findByToken: (token) => db.members.where((m) => m.token === token)[0] ?? null,
    register: ({ name, type }) => db.members.insert({ id: newId('mb'), name: name.trim(), type, status: 'active', token: newToken('mb') }),
    suspend(id) {
      get(id);
      return db.members.update(id, { status: 'suspended' });
    },
  };
}
