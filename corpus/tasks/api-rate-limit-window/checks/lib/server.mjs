import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A clock the check moves by hand, so window boundaries are exact and no check sleeps. */
export function manualClock(start) {
  let current = start;
  return {
    now: () => current,
    set: (value) => { current = value; },
    advance: (ms) => { current += ms; },
  };
}

/** Starts the workspace's server on 127.0.0.1:0 with the given options. */
export async function startServer(workspace, options) {
  const { createServer } = await import(pathToFileURL(join(workspace, 'src/server.js')).href);
  const server = createServer(options);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

/** GET or POST against the server as the client with the given API key. */
export async function call(baseUrl, path, { key, method = 'GET', body } = {}) {
  const headers = {};
  if (key) headers['x-api-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

/** Runs `fn` with a fresh server and closes it afterwards, whatever happens. */
export async function withServer(workspace, options, fn) {
  const server = await startServer(workspace, options);
  try {
    return await fn(server.baseUrl);
  } finally {
    await server.close();
  }
}
