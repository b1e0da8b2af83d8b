/**
 * In-memory user store with the same interface as the Postgres store:
 * insert, update, findById, findByEmail. Emails are stored already normalised.
 */
export function createMemoryStore() {
  const users = new Map();
  const byEmail = new Map();

  return {
    async insert(user) {
      users.set(user.id, { ...user });
      byEmail.set(user.email, user.id);
      return { ...user };
    },
    async update(id, changes) {
      const current = users.get(id);
      if (!current) return null;
      const next = { ...current, ...changes };
      if (changes.email && changes.email !== current.email) {
        byEmail.delete(current.email);
        byEmail.set(next.email, id);
      }
      users.set(id, next);
      return { ...next };
    },
    async findById(id) {
      const user = users.get(id);
      return user ? { ...user } : null;
    },
    async findByEmail(email) {
      const id = byEmail.get(email);
      return id ? { ...users.get(id) } : null;
    },
  };
}
