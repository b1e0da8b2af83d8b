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
  async function request(method, path, { body, headers = {} } = {}) {
    const response = await fetch(baseUrl + path, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      cache: response.headers.get('x-cache'),
      text,
      body: text ? JSON.parse(text) : null,
    };
  }
  return {
    get: (path, headers) => request('GET', path, { headers }),
    patch: (path, body) => request('PATCH', path, { body }),
    post: (path, body) => request('POST', path, { body }),
    delete: (path) => request('DELETE', path),
  };
}

export const ids = (answer) => answer.body.data.map((t) => t.id);
