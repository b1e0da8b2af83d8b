import { mapConcurrent } from '../utils/concurrency.js';
import { dispatchSubrequest } from './dispatch.js';

/** Runs every sub-request, at most `concurrency` at a time; one response entry per request. */
export async function runBatch(requests, { router, concurrency }) {
  return mapConcurrent(requests, concurrency, async (request) => {
    const { status, body } = await dispatchSubrequest(router, request);
    return { id: request.id, status, body };
  });
}
