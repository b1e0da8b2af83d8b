import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const BASE = 'https://api.bookshelf.example/v2';

/**
 * A client whose fetch records each request instead of sending it and answers
 * with `respond(url, init)` (default: an empty JSON list).
 */
export async function recordingClient(workspace, { respond, ...options } = {}) {
  const { createClient } = await import(pathToFileURL(join(workspace, 'src/index.js')).href);
  const requests = [];
  const fetch = async (url, init = {}) => {
    requests.push({ url: String(url), init });
    if (respond) return respond(String(url), init);
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = createClient({ baseUrl: BASE, fetch, ...options });
  return { client, requests, lastUrl: () => requests.at(-1)?.url };
}

/** The raw query string of a URL, without "?". */
export function rawQuery(url) {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index + 1);
}

/** The raw path of a URL below the base URL. */
export function rawPath(url) {
  assertStartsWith(url, BASE);
  const rest = url.slice(BASE.length);
  const index = rest.indexOf('?');
  return index === -1 ? rest : rest.slice(0, index);
}

function assertStartsWith(url, prefix) {
  if (!url.startsWith(prefix)) throw new Error(`expected a URL under ${prefix}, got ${url}`);
}
