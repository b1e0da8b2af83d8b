import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedLauncher, readInstalledProvider } from '../../src/io/provider-install.js';
import { loopbackRegistry } from '../helpers/npm-registry.js';
import { tempDir } from '../helpers/temp.js';
import { cli, REPO } from '../plugin/project.js';

const PACKAGE = join(REPO, 'fixtures/packages/demo-npm-provider');
const INSTALL = { registry: 'npm', package: 'crossover-demo-npm-provider', version: '0.1.0' } as const;
const TIMEOUT = 300_000;

describe('two provider installs at once', () => {
  it(
    'into an empty prefix: one installs, the other waits and finds it installed; both succeed',
    async () => {
      const registry = await loopbackRegistry([PACKAGE]);
      const root = await tempDir();
      const argv = ['providers', 'install', `${INSTALL.package}@${INSTALL.version}`];
      const results = await Promise.all([cli(root, argv), cli(root, argv)]);
      for (const result of results) expect(result.code, result.err).toBe(0);
      const said = results.map((result) => result.out.split(' ')[0]).sort();
      expect(said).toEqual(['already', 'installed']);
      // npm ran once: one packument, one tarball.
      expect(registry.requests).toEqual([`/${INSTALL.package}`, '/-/tarballs/crossover-demo-npm-provider-0.1.0.tgz']);

      const installed = await readInstalledProvider(root, INSTALL);
      const launcher = installed && installedLauncher(root, installed, 'crossover-demo-npm');
      expect(launcher).not.toBeNull();
      expect(execFileSync(launcher as string, { encoding: 'utf8' })).toBe('crossover-demo-npm-provider 0.1.0\n');
    },
    TIMEOUT,
  );
});
