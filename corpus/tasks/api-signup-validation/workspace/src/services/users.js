import { conflict, notFound } from '../http/errors.js';
import { hashPassword } from '../utils/password.js';
import { newUserId } from '../utils/ids.js';

export function createUserService(store) {
  async function assertEmailFree(email, exceptId = null) {
    const existing = await store.findByEmail(email);
    if (existing && existing.id !== exceptId) throw conflict('email is already registered');
  }

  return {
    /** `input` is already validated and normalised. */
    async register({ email, password, displayName, bio = '' }) {
      await assertEmailFree(email);
      const passwordHash = await hashPassword(password);
      return store.insert({ id: newUserId(), email, passwordHash, displayName, bio, createdAt: new Date().toISOString() });
    },

    async get(id) {
      const user = await store.findById(id);
      if (!user) throw notFound('user not found');
      return user;
    },

    async updateProfile(id, changes) {
      await this.get(id);
      if (changes.email) await assertEmailFree(changes.email, id);
      return store.update(id, changes);
    },
  };
}
