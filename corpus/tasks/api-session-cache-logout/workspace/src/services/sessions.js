import { config } from '../config.js';
import { verifyPassword } from '../utils/password.js';
import { newToken } from '../utils/tokens.js';

export function createSessionService({ users, sessions, sessionCache, clock }) {
  return {
    /** Returns `{ token, user }` for valid credentials, null otherwise. */
    signIn(email, password) {
      const user = users.findByEmail(email);
      if (!user || !verifyPassword(password, user.passwordHash)) return null;
      const session = { token: newToken(), userId: user.id, expiresAt: clock.now() + config.sessions.lifetimeMs };
      sessions.insert(session);
      return { token: session.token, user };
    },

    /**
     * Resolves a bearer token to `{ session, user }`, or null. Sessions come from the cache;
     * the account itself is always read fresh so profile edits show up in /me at once.
     */
    authenticate(token) {
      const session = sessionCache.wrap(token, () => sessions.get(token));
      if (!session || session.expiresAt <= clock.now()) return null;
      const user = users.get(session.userId);
      return user ? { session, user } : null;
    },

    signOut(token) {
      sessions.delete(token);
      sessionCache.invalidate(token);
    },

    /** Ends every session of `userId` except `keepToken` (used after a password change). */
    endOtherSessions(userId, keepToken) {
      const tokens = sessions.tokensOfUser(userId).filter((token) => token !== keepToken);
      for (const token of tokens) sessions.delete(token);
      sessionCache.invalidate(...tokens);
    },
  };
}
