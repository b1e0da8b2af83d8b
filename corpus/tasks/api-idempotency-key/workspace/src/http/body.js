import { ApiError } from './errors.js';

/** Reads the raw request body, refusing more than `limit` bytes. */
export async function readBody(req, limit) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw new ApiError(413, 'invalid_request_error', `Request body larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
