import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVED_FILE_LIMIT, serveStatic } from '../../src/grading/static-server.js';
import { tempDir } from '../helpers/temp.js';

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
  return { workspace, server: await serveStatic(workspace) };
}

describe('the workspace is served read-only to request interception', () => {
  it('serves files with the content types browsers need for modules and styles', async () => {
    const { server } = await servedWorkspace();
    expect(server.baseUrl).toBe('http://127.0.0.1:8080/');
    const types = Object.fromEntries(
      await Promise.all(
        ['/', '/src/a.js', '/src/b.mjs', '/src/c.css', '/src/d.json', '/src/e.svg'].map(async (path) => [
          path,
          (await server.respond('GET', `${server.origin}${path}`)).headers['Content-Type'],
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
      const { server } = await servedWorkspace();
      const response = await server.respond('GET', `${server.origin}${path}`);
      expect(response.status).toBe(404);
      expect(response.body.toString()).not.toContain('hidden');
    },
  );

  it('refuses writes', async () => {
    const { server } = await servedWorkspace();
    expect((await server.respond('PUT', `${server.origin}/index.html`)).status).toBe(405);
  });

  it('serves a file whole, and refuses one past the size limit without reading it whole', async () => {
    const { server, workspace } = await servedWorkspace();
    expect((await server.respond('GET', `${server.origin}/src/a.js`)).body.toString()).toBe('a');
    await truncate(join(workspace, 'src/a.js'), SERVED_FILE_LIMIT + 1);
    const response = await server.respond('GET', `${server.origin}/src/a.js`);
    expect(response.status).toBe(413);
    expect(response.body.length).toBeLessThan(100);
  });
});
