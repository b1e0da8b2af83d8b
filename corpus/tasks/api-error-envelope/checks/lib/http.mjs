import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const STAFF_KEY = 'desk-dev-key';
export const TOKENS = {
  ada: 'tok-ada-7f3k',
  ben: 'tok-ben-2q9z',
  cleo: 'tok-cleo-5m1x',
  dev: 'tok-dev-8r4w',
  eve: 'tok-eve-3n6p',
};

/** Starts the workspace's server on an ephemeral loopback port, runs `fn(api)`, always closes it. */
export async function withServer(workspace, fn) {
  const { createServer } = await import(pathToFileURL(join(workspace, 'src/server.js')).href);
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  try {
    return await fn(client(baseUrl));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function client(baseUrl) {
  /** `as`: a member name from TOKENS, 'staff', or a raw `{ authorization }` header object. */
  async function request(method, path, { body, rawBody, as } = {}) {
    const headers = {};
    if (as === 'staff') headers['x-staff-key'] = STAFF_KEY;
    else if (typeof as === 'string') headers.authorization = `Bearer ${TOKENS[as]}`;
    else if (as) Object.assign(headers, as);
    if (body !== undefined || rawBody !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, {
      method,
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { method, path, status: response.status, contentType: response.headers.get('content-type') ?? '', text, body: json };
  }
  return {
    get: (path, options) => request('GET', path, options),
    post: (path, body, options = {}) => request('POST', path, { ...options, body }),
    postRaw: (path, rawBody, options = {}) => request('POST', path, { ...options, rawBody }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
