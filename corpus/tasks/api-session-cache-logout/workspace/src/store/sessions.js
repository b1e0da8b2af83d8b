/** Sessions by token. This is the source of truth; the session cache sits in front of it. */
export function createSessionStore() {
  const byToken = new Map();

  return {
    insert(session) {
      byToken.set(session.token, session);
    },
    get(token) {
      return byToken.get(token);
    },
    delete(token) {
      byToken.delete(token);
    },
    tokensOfUser(userId) {
      return [...byToken.values()].filter((session) => session.userId === userId).map((session) => session.token);
    },
  };
}
