import { endpoints } from '../endpoints.js';
import { buildUrl } from '../url/buildUrl.js';
import { pick } from '../utils/object.js';
import { ApiError } from './errors.js';

const USER_AGENT = 'bookshelf-sdk/2.3.0';

async function parseBody(response) {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204) return undefined;
  if (type.includes('application/json')) return response.json();
  return response.text();
}

/**
 * Sends requests for named endpoints. Unknown query parameters are dropped so
 * callers can pass richer objects without leaking fields to the API.
 */
export function createTransport({ baseUrl, token, fetch: fetchImpl = globalThis.fetch, headers = {} }) {
  async function request(name, { pathParams = {}, query, body } = {}) {
    const endpoint = endpoints[name];
    if (!endpoint) throw new Error(`Unknown endpoint ${name}`);

    const url = buildUrl(baseUrl, endpoint.path, {
      pathParams,
      query: query ? pick(query, endpoint.query ?? []) : undefined,
      commaArrays: endpoint.comma ?? [],
    });

    const response = await fetchImpl(url, {
      method: endpoint.method,
      headers: {
        accept: 'application/json',
        'user-agent': USER_AGENT,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

    const payload = await parseBody(response);
    if (!response.ok) throw ApiError.from(response.status, payload);
    return payload;
  }

  return { request };
}
