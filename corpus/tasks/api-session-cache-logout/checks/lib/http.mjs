import assert from 'node:assert/strict';
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
  const { port } = server.address();
  try {
    return await fn(client(`http://127.0.0.1:${port}`));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function client(baseUrl) {
  async function call(method, path, { token, body } = {}) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }

  return {
    call,
    /** Signs in and returns the bearer token. */
    async signIn(email, password) {
      const { status, body } = await call('POST', '/sessions', { body: { email, password } });
      assert.equal(status, 201, `sign in as ${email}: expected 201, got ${status} ${JSON.stringify(body)}`);
      return body.token;
    },
    async statusOfMe(token) {
      return (await call('GET', '/me', { token })).status;
    },
  };
}

export const MAREN = { email: 'maren@quayside.test', password: 'harbour-lights' };
export const TOBIAS = { email: 'tobias@quayside.test', password: 'low-tide-2024' };
