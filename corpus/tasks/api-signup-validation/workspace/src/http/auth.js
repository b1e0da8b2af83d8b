import { unauthorized } from './errors.js';

/** Resolves the bearer token of a request to a user id, or throws 401. */
export function requireUser(req, sessions) {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header);
  const userId = match ? sessions.resolve(match[1]) : null;
  if (!userId) throw unauthorized();
  return userId;
}
