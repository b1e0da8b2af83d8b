import { badRequest, HttpError } from './errors.js';

const MAX_BODY_BYTES = 16 * 1024;

/** Reads and parses a JSON object body; anything else is a 400. */
export async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'body too large');
    chunks.push(chunk);
  }
  let body;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw badRequest('invalid json');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('invalid json');
  return body;
}
