import { nameFromEmail } from '../utils/format.js';
import { normalizeEmail } from '../utils/validate.js';

/**
 * In-memory stand-in for the members API. Methods are async like the real client
 * so callers already handle latency and errors.
 */
export function createMembersService(seed) {
  let members = seed.map((m) => ({ ...m }));
  let nextId = members.length + 1;

  return {
    async list() {
      return members.map((m) => ({ ...m }));
    },
    async invite({ email, role }) {
      const normalized = normalizeEmail(email);
      if (members.some((m) => m.email === normalized)) {
        throw Object.assign(new Error(`${normalized} is already a member`), { field: 'email' });
      }
      const member = { id: `u${nextId++}`, name: nameFromEmail(normalized), email: normalized, role, pending: true };
      members = [...members, member];
      return { ...member };
    },
    async remove(id) {
      members = members.filter((m) => m.id !== id);
    },
  };
}
