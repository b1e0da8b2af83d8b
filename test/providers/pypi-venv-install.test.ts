import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestOf } from '../../src/contracts/canonical.js';
import type { ProviderInstall } from '../../src/contracts/provider.js';
import { installedLauncher, PROVIDER_INSTALL_RECORD, providerPrefix } from '../../src/io/provider-install.js';
import { installProvider } from '../../src/providers/install.js';
import { tempDir } from '../helpers/temp.js';

const INSTALL: ProviderInstall = { registry: 'pypi', package: 'crossover-demo-provider', version: '0.1.0' };
const WHEEL = 'crossover_demo_provider-0.1.0-py3-none-any.whl';
const TIMEOUT = 300_000;

/**
 * Builds a real wheel of a small local package with one console script, as a PyPI distribution
 * is laid out (the PyPI registry is not reachable here, and no build backend is needed: a wheel
 * is a zip with its dist-info). Returns the directory holding it.
 */
async function buildWheel(): Promise<string> {
  const dir = await tempDir();
  const script = `
import base64, hashlib, sys, zipfile
out = sys.argv[1]
dist = 'crossover_demo_provider-0.1.0.dist-info'
files = {
  'crossover_demo_provider/__init__.py': 'def main():\\n    print("crossover-demo-provider 0.1.0")\\n',
  dist + '/METADATA': 'Metadata-Version: 2.1\\nName: crossover-demo-provider\\nVersion: 0.1.0\\n',
  dist + '/WHEEL': 'Wheel-Version: 1.0\\nGenerator: crossover-test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n',
  dist + '/entry_points.txt': '[console_scripts]\\ncrossover-demo = crossover_demo_provider:main\\n',
}
record = []
with zipfile.ZipFile(out, 'w') as wheel:
  for name, text in files.items():
    data = text.encode()
    wheel.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), data)
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()
    record.append(f'{name},sha256={digest},{len(data)}')
  record.append(dist + '/RECORD,,')
  wheel.writestr(zipfile.ZipInfo(dist + '/RECORD', (2020, 1, 1, 0, 0, 0)), '\\n'.join(record) + '\\n')
`;
  execFileSync('python3', ['-c', script, join(dir, WHEEL)]);
  return dir;
}

function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

async function requirements(hash: string): Promise<string> {
  const file = join(await tempDir(), 'requirements.txt');
  await writeFile(file, `crossover-demo-provider==0.1.0 --hash=sha256:${hash}\n`);
  return file;
}

describe('a PyPI-shaped provider installs into a venv with pip --require-hashes, recorded like an npm install', () => {
  it(
    "records the distribution's sha256, the resolved set's digest and the console script's digest; it runs by name",
    async () => {
      const wheels = await buildWheel();
      const root = await tempDir();
      const hash = sha256Of(join(wheels, WHEEL));
      const { installed, fresh } = await installProvider({
        root,
        install: INSTALL,
        pip: { requirements: await requirements(hash), findLinks: wheels },
      });
      expect(fresh).toBe(true);
      expect(installed).toMatchObject({
        schema: 'crossover.provider-install/1',
        install: INSTALL,
        integrity: `sha256-${hash}`,
        lockDigest: digestOf(['crossover-demo-provider==0.1.0']),
      });
      expect(installed.bins).toEqual([
        {
          name: 'crossover-demo',
          launcher: 'venv/bin/crossover-demo',
          executable: 'venv/bin/crossover-demo',
          digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        },
      ]);
      const prefix = providerPrefix(root, INSTALL);
      expect(existsSync(join(prefix, PROVIDER_INSTALL_RECORD))).toBe(true);
      // A declaration calls the binary by name; it resolves to the venv's launcher.
      const launcher = installedLauncher(root, installed, 'crossover-demo');
      expect(launcher).toBe(join(prefix, 'venv/bin/crossover-demo'));
      expect(execFileSync(launcher!, { encoding: 'utf8' })).toBe('crossover-demo-provider 0.1.0\n');

      // Installed again unchanged, it is kept; with its script changed, it is reinstalled from the pinned file.
      const pip = { requirements: await requirements(hash), findLinks: wheels };
      expect((await installProvider({ root, install: INSTALL, pip })).fresh).toBe(false);
      await writeFile(launcher!, '#!/bin/sh\necho tampered\n');
      const again = await installProvider({ root, install: INSTALL, pip });
      expect(again.fresh).toBe(true);
      expect(again.installed).toEqual(installed);
      expect(execFileSync(launcher!, { encoding: 'utf8' })).toBe('crossover-demo-provider 0.1.0\n');
    },
    TIMEOUT,
  );

  it(
    'refuses a distribution whose sha256 is not the pinned one, and writes no record',
    async () => {
      const wheels = await buildWheel();
      const root = await tempDir();
      const wrong = 'f'.repeat(64);
      await expect(
        installProvider({
          root,
          install: INSTALL,
          pip: { requirements: await requirements(wrong), findLinks: wheels },
        }),
      ).rejects.toThrow(/pip install of crossover-demo-provider==0\.1\.0 failed \(exit 1\):.*Expected sha256 f{64}/s);
      expect(existsSync(join(providerPrefix(root, INSTALL), PROVIDER_INSTALL_RECORD))).toBe(false);
    },
    TIMEOUT,
  );
});
