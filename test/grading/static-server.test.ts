import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { serveStatic } from '../../src/grading/static-server.js';
import { tempDir } from '../helpers/temp.js';

/** A raw request: the path is sent exactly as given, without URL normalization. */
function get(
  baseUrl: string,
  path: string,
  method = 'GET',
): Promise<{ status: number; type: string | undefined; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], body }),
      );
    });
    req.on('error', reject).end();
  });
}

async function servedWorkspace() {
  const root = await tempDir();
  const workspace = join(root, 'workspace');
  await mkdir(join(workspace, 'src'), { recursive: true });
  await writeFile(join(root, 'secret.txt'), 'hidden');
  const files: Record<string, string> = {
    'index.html': '<p>home</p>',
    'src/a.js': 'a',
    'src/b.mjs': 'b',
    'src/c.css': 'c',
    'src/d.json': '{}',
    'src/e.svg': '<svg/>',
  };
  for (const [path, text] of Object.entries(files)) await writeFile(join(workspace, path), text);
  await symlink(join(root, 'secret.txt'), join(workspace, 'leak.txt'));
  const server = await serveStatic(workspace);
  onTestFinished(() => server.close());
  return server;
}

describe('the workspace is served read-only on loopback', () => {
  it('serves files with the content types browsers need for modules and styles', async () => {
    const { baseUrl } = await servedWorkspace();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const types = Object.fromEntries(
      await Promise.all(
        ['/', '/src/a.js', '/src/b.mjs', '/src/c.css', '/src/d.json', '/src/e.svg'].map(async (path) => [
          path,
          (await get(baseUrl, path)).type,
        ]),
      ),
    );
    expect(types).toEqual({
      '/': 'text/html; charset=utf-8',
      '/src/a.js': 'text/javascript; charset=utf-8',
      '/src/b.mjs': 'text/javascript; charset=utf-8',
      '/src/c.css': 'text/css; charset=utf-8',
      '/src/d.json': 'application/json; charset=utf-8',
      '/src/e.svg': 'image/svg+xml',
    });
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/src/..%2f..%2fsecret.txt', '/leak.txt', '/src/%00a.js'])(
    'refuses %s (traversal or a symlink out)',
    async (path) => {
      const { baseUrl } = await servedWorkspace();
      const response = await get(baseUrl, path);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('hidden');
    },
  );

  it('refuses writes', async () => {
    const { baseUrl } = await servedWorkspace();
    expect((await get(baseUrl, '/index.html', 'PUT')).status).toBe(405);
  });
});
