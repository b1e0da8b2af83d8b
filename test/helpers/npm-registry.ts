import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { onTestFinished, vi } from 'vitest';
import { tempDir } from './temp.js';

/** What `npm pack --json` says of one tarball. */
interface Packed {
  name: string;
  version: string;
  filename: string;
  integrity: string;
  shasum: string;
}

/** An npm registry on loopback serving packed local packages, and the paths it was asked for. */
export interface LoopbackRegistry {
  url: string;
  /** request paths in order, decoded (`/@scope/name`, `/-/tarballs/<file>.tgz`) */
  requests: string[];
}

/** `npm pack` of a package directory into `out`. */
async function pack(dir: string, out: string): Promise<Packed> {
  const { stdout } = await execa('npm', ['pack', '--json', '--pack-destination', out], { cwd: dir });
  const [packed] = JSON.parse(stdout) as Packed[];
  if (!packed) throw new Error(`npm pack ${dir}: no tarball`);
  return packed;
}

/** The packument npm reads for a package: its one version, its bin and its tarball with integrity. */
async function packument(dir: string, packed: Packed, url: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const version = {
    ...manifest,
    dist: { tarball: `${url}/-/tarballs/${packed.filename}`, integrity: packed.integrity, shasum: packed.shasum },
  };
  return JSON.stringify({
    name: packed.name,
    'dist-tags': { latest: packed.version },
    versions: { [packed.version]: version },
  });
}

/**
 * Packs each package directory and serves them as an npm registry on 127.0.0.1, pointing this
 * process's npm at it (registry, a fresh cache, no update check) until the test ends.
 */
export async function loopbackRegistry(packageDirs: string[]): Promise<LoopbackRegistry> {
  const out = await tempDir('crossover-registry-');
  const packages = await Promise.all(packageDirs.map(async (dir) => ({ dir, packed: await pack(dir, out) })));
  const requests: string[] = [];
  let url = '';
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://loopback').pathname);
    requests.push(path);
    const tarball = packages.find((p) => path === `/-/tarballs/${p.packed.filename}`);
    const named = packages.find((p) => path === `/${p.packed.name}`);
    if (tarball) {
      void readFile(join(out, tarball.packed.filename)).then((bytes) => response.end(bytes));
    } else if (named) {
      void packument(named.dir, named.packed, url).then((body) => {
        response.setHeader('content-type', 'application/json');
        response.end(body);
      });
    } else {
      response.statusCode = 404;
      response.end('{"error":"not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  vi.stubEnv('npm_config_registry', `${url}/`);
  vi.stubEnv('npm_config_cache', await tempDir('crossover-npm-cache-'));
  vi.stubEnv('npm_config_update_notifier', 'false');
  onTestFinished(() => {
    vi.unstubAllEnvs();
  });
  return { url, requests };
}
