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

export async function getJson(baseUrl, path) {
  const response = await fetch(baseUrl + path);
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`GET ${path}: expected a JSON body, got ${JSON.stringify(text.slice(0, 200))}`);
  }
  return { status: response.status, body };
}
