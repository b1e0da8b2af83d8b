import { HttpError } from '../utils/errors.js';

export const MAX_BATCH_SIZE = 20;

/** Checks the batch envelope; individual sub-requests are checked when they run. */
export function parseBatch(body) {
  const requests = body?.requests;
  if (!Array.isArray(requests) || requests.length === 0 || requests.length > MAX_BATCH_SIZE) {
    throw new HttpError(400, 'invalid_batch', `requests must be an array of 1 to ${MAX_BATCH_SIZE} sub-requests`);
  }
  const seen = new Set();
  for (const [i, request] of requests.entries()) {
    if (typeof request?.id !== 'string' || request.id === '') {
      throw new HttpError(400, 'invalid_batch', `requests[${i}].id must be a non-empty string`);
    }
    if (seen.has(request.id)) throw new HttpError(400, 'invalid_batch', `duplicate id "${request.id}"`);
    seen.add(request.id);
  }
  return requests;
}
