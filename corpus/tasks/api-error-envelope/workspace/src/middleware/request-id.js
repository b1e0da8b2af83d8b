import { randomUUID } from 'node:crypto';

/** Tags every request and answer with an id the desk app shows when reporting a problem. */
export function assignRequestId(req, res) {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  req.id = id;
  res.setHeader('x-request-id', id);
}
