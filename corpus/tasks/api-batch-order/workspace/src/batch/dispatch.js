import { HttpError } from '../utils/errors.js';

const ALLOWED_METHODS = new Set(['GET', 'POST']);

function checkSubrequest({ method, path }) {
  if (!ALLOWED_METHODS.has(method)) {
    throw new HttpError(400, 'invalid_subrequest', `method must be GET or POST, got ${method}`);
  }
  if (typeof path !== 'string' || !path.startsWith('/api/')) {
    throw new HttpError(400, 'invalid_subrequest', 'path must start with /api/');
  }
  if (path.split('?')[0] === '/api/batch') {
    throw new HttpError(400, 'invalid_subrequest', 'batches cannot be nested');
  }
}

/**
 * Runs one sub-request through the router and returns its `{ status, body }`,
 * so a sub-request's failure becomes its own entry.
 */
export async function dispatchSubrequest(router, subrequest) {
  try {
    checkSubrequest(subrequest);
    const url = new URL(subrequest.path, 'http://localhost');
    return await router.handle({
      method: subrequest.method,
      path: url.pathname,
      query: url.searchParams,
      body: subrequest.body,
    });
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, body: err.toBody() };
    throw err;
  }
}
