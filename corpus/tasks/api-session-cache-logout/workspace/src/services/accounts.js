import { config } from '../config.js';
import { badRequest, HttpError } from '../http/errors.js';
import { hashPassword, verifyPassword } from '../utils/password.js';

export function toAccount(user) {
  return { id: user.id, email: user.email, displayName: user.displayName };
}

function readDisplayName(value) {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length < 1 || name.length > config.profile.maxDisplayName) {
    throw badRequest('invalid displayName', { field: 'displayName' });
  }
  return name;
}

export function createAccountService({ users, sessions, profiles }) {
  return {
    updateProfile(user, body) {
      const updated = users.update(user.id, { displayName: readDisplayName(body.displayName) });
      profiles.forget(user.id);
      return toAccount(updated);
    },

    /** Checks the current password, stores the new one and signs out the user's other sessions. */
    changePassword({ user, token }, body) {
      if (typeof body.currentPassword !== 'string' || !verifyPassword(body.currentPassword, user.passwordHash)) {
        throw new HttpError(403, 'current password is wrong');
      }
      if (typeof body.newPassword !== 'string' || body.newPassword.length < config.passwords.minLength) {
        throw badRequest('invalid newPassword', { field: 'newPassword' });
      }
      users.update(user.id, { passwordHash: hashPassword(body.newPassword) });
      sessions.endOtherSessions(user.id, token);
    },
  };
}
