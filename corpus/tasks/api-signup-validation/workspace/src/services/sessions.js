import { unauthorized } from '../http/errors.js';
import { verifyPassword } from '../utils/password.js';
import { newToken } from '../utils/ids.js';

export function createSessionService(store) {
  const tokens = new Map();

  return {
    issue(userId) {
      const token = newToken();
      tokens.set(token, userId);
      return token;
    },

    resolve(token) {
      return tokens.get(token) ?? null;
    },

    async signIn({ email, password }) {
      const user = await store.findByEmail(email);
      if (!user || !(await verifyPassword(password, user.passwordHash))) throw unauthorized('wrong email or password');
      return { token: this.issue(user.id), userId: user.id };
    },
  };
}
