/** Thrown for non-2xx answers; carries the status for the views to word the message. */
export class HttpError extends Error {
  constructor(status, url) {
    super(`Request to ${url} failed with HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** Resolves `path` against the page and appends the non-empty params. */
export function buildUrl(path, params = {}) {
  const url = new URL(path, document.baseURI);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * GET a JSON document. `signal` cancels the request: the returned promise then
 * rejects with an AbortError, which callers treat as "superseded", not as a failure.
 */
export async function getJson(path, { params, signal } = {}) {
  const url = buildUrl(path, params);
  const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal });
  if (!response.ok) throw new HttpError(response.status, url.pathname);
  return response.json();
}
