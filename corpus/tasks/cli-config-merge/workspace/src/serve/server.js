import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { contentTypeFor } from './mime.js';

/** Serves `root` read-only; directories resolve to their index.html. */
export function startPreviewServer(root, { host, port }) {
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const relative = normalize(pathname.endsWith('/') ? `${pathname}index.html` : pathname).replace(/^([/\\])+/, '');
    if (relative.split(sep).includes('..')) {
      res.writeHead(400).end('bad path');
      return;
    }
    try {
      const body = await readFile(join(root, relative));
      res.writeHead(200, { 'content-type': contentTypeFor(relative) }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
