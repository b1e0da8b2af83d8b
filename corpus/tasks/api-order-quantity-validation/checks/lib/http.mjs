import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Starts the workspace's server on an ephemeral loopback port, runs `fn(baseUrl)`, always closes it. */
export async function withServer(workspace, fn) {
  const { createServer } = await import(pathToFileURL(join(workspace, 'src/server.js')).href);
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  try {
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function parse(method, path, response) {
  const text = await response.text();
  try {
    return { status: response.status, headers: response.headers, body: JSON.parse(text) };
  } catch {
    throw new Error(`${method} ${path}: expected a JSON body, got ${response.status} ${JSON.stringify(text.slice(0, 200))}`);
  }
}

export async function getJson(baseUrl, path) {
  return parse('GET', path, await fetch(baseUrl + path));
}

export async function postJson(baseUrl, path, body) {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return parse('POST', path, response);
}

export async function stockOf(baseUrl, sku) {
  const { status, body } = await getJson(baseUrl, `/products/${sku}`);
  if (status !== 200) throw new Error(`GET /products/${sku}: expected 200, got ${status}`);
  return body.stock;
}

export const customer = { email: 'sam@example.com', name: 'Sam Reyes' };
