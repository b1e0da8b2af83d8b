import { hashPassword } from '../utils/password.js';

/** Users by id, with an email index. Ids are small integers, exposed as strings. */
export function createUserStore() {
  const byId = new Map();
  const idByEmail = new Map();
  let nextId = 1;

  return {
    create({ email, password, displayName }) {
      const user = { id: String(nextId++), email: email.toLowerCase(), displayName, passwordHash: hashPassword(password) };
      byId.set(user.id, user);
      idByEmail.set(user.email, user.id);
      return user;
    },
    get(id) {
      return byId.get(id);
    },
    findByEmail(email) {
      const id = idByEmail.get(String(email).toLowerCase());
      return id === undefined ? undefined : byId.get(id);
    },
    update(id, changes) {
      const user = { ...byId.get(id), ...changes };
      byId.set(id, user);
      return user;
    },
  };
}
