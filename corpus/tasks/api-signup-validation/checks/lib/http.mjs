import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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
  async function request(method, path, { body, token } = {}) {
    const headers = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // leave json null; callers assert on it
    }
    return { status: response.status, body: json, text };
  }
  return {
    get: (path, options) => request('GET', path, options),
    post: (path, body, options = {}) => request('POST', path, { ...options, body }),
    patch: (path, body, options = {}) => request('PATCH', path, { ...options, body }),
  };
}

/** A valid signup body; override fields per case. */
export function signupBody(overrides = {}) {
  return { email: 'mira@example.org', password: 'correct horse battery', displayName: 'Mira Okafor', ...overrides };
}

/** One line naming a request and what it answered, for assertion messages. */
export function describeAnswer(label, answer) {
  return `${label}: got ${answer.status} ${answer.text.slice(0, 300)}`;
}
