import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PROVIDER_UID } from '../../src/io/sandbox.js';
import { BUILT, builtCli } from '../helpers/cli.js';
import { loopbackRegistry } from '../helpers/npm-registry.js';
import { tempDir } from '../helpers/temp.js';
import { processesWith } from '../trial/hostile.js';

const REPO = join(import.meta.dirname, '../..');
const PROBE = join(REPO, 'fixtures/packages/postinstall-probe');
const SLOW = join(REPO, 'fixtures/packages/slow-build');
const ROOT = process.getuid?.() === 0;
const INSTALL_TIMEOUT = 300_000;
/** The slow build's processes, by the marker argument each carries. */
const BUILD_PROCESSES = ['crossover-slow-build-make', 'crossover-slow-build-compiler'];

/** Where `crossover providers install` puts a package below `root`. */
function prefixOf(root: string, name: string): string {
  return join(root, '.crossover/providers/npm', `${name}@0.1.0`);
}

async function postinstallRecord(prefix: string): Promise<{ uid: number; shadow: string } | null> {
  const file = join(prefix, 'node_modules/crossover-postinstall-probe/postinstall.json');
  return existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) : null;
}

async function buildProcesses(): Promise<number[]> {
  return (await Promise.all(BUILD_PROCESSES.map(processesWith))).flat();
}

async function until(condition: () => Promise<boolean>, polls = 600): Promise<boolean> {
  for (let i = 0; i < polls; i += 1) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/** Kills what a control left running once the test ends. */
function killLeftovers(): void {
  onTestFinished(async () => {
    for (const pid of await buildProcesses()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  });
}

describe('package install scripts never run outside a sandbox', () => {
  it(
    'by default none runs: the package is installed and its postinstall never ran',
    async () => {
      await loopbackRegistry([PROBE]);
      const root = await tempDir();
      const run = await builtCli(root, ['providers', 'install', 'crossover-postinstall-probe@0.1.0']);
      expect(run.code, run.err).toBe(0);
      const prefix = prefixOf(root, 'crossover-postinstall-probe');
      expect(existsSync(join(prefix, 'node_modules/.bin/crossover-postinstall-probe'))).toBe(true);
      expect(await postinstallRecord(prefix)).toBeNull();
    },
    INSTALL_TIMEOUT,
  );

  it(
    'asked for (--scripts), they run in bubblewrap as a uid of their own: /etc/shadow is not there to read',
    async () => {
      await loopbackRegistry([PROBE]);
      const root = await tempDir();
      const run = await builtCli(root, ['providers', 'install', 'crossover-postinstall-probe@0.1.0', '--scripts']);
      expect(run.code, run.err).toBe(0);
      const prefix = prefixOf(root, 'crossover-postinstall-probe');
      const record = await postinstallRecord(prefix);
      expect(record?.shadow).toBe('ENOENT');
      if (ROOT) expect(record?.uid).toBe(PROVIDER_UID);
      // What the scripts built is handed back: nothing of the install belongs to the scripts' uid.
      expect((await stat(join(prefix, 'node_modules/crossover-postinstall-probe/postinstall.json'))).uid).toBe(
        process.getuid?.(),
      );
    },
    INSTALL_TIMEOUT,
  );

  it.runIf(ROOT)(
    'control: installed as before (npm with its scripts, outside any sandbox), the postinstall reads /etc/shadow as root',
    async () => {
      await loopbackRegistry([PROBE]);
      const prefix = await tempDir();
      await execa('npm', [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '-E',
        '--no-audit',
        '--no-fund',
        'crossover-postinstall-probe@0.1.0',
      ]);
      const record = await postinstallRecord(prefix);
      expect(record?.uid).toBe(0);
      expect(record?.shadow).toMatch(/^read \d+ bytes$/);
    },
    INSTALL_TIMEOUT,
  );
});

describe('an interrupted install', () => {
  it(
    'SIGTERM during a build ends its whole process tree and leaves no prefix, partial or whole',
    async () => {
      killLeftovers();
      await loopbackRegistry([SLOW]);
      const root = await tempDir();
      const install = execa('node', [BUILT.bin, 'providers', 'install', 'crossover-slow-build@0.1.0', '--scripts'], {
        cwd: root,
        reject: false,
      });
      expect(await until(async () => (await buildProcesses()).length === 2), 'the build never started').toBe(true);
      install.kill('SIGTERM');
      const ended = await install;
      expect(ended.signal ?? ended.exitCode).toBeTruthy();
      expect(await until(async () => (await buildProcesses()).length === 0, 100)).toBe(true);
      // Only the install's lock is left beside where the prefix would be: no prefix, no partial one.
      const providers = join(root, '.crossover/providers/npm');
      expect((await readdir(providers)).filter((name) => !name.endsWith('.lock'))).toEqual([]);
    },
    INSTALL_TIMEOUT,
  );

  it(
    'control: installed as before (npm with its scripts from a parent that is sent SIGTERM), the build goes on',
    async () => {
      killLeftovers();
      await loopbackRegistry([SLOW]);
      const prefix = await tempDir();
      // The install as it ran before: execa's npm, with its scripts, from the process that is interrupted.
      const parent = `import { execa } from 'execa';
await execa('npm', ['install', '--prefix', ${JSON.stringify(prefix)}, '--no-save', '-E', '--no-audit', '--no-fund', 'crossover-slow-build@0.1.0'], { reject: false, all: true, forceKillAfterDelay: 5000 });`;
      const install = execa('node', ['--input-type=module', '-e', parent], { cwd: REPO, reject: false });
      expect(await until(async () => (await buildProcesses()).length === 2), 'the build never started').toBe(true);
      install.kill('SIGTERM');
      await install;
      // Given the time a tree that dies with its parent takes to go, part of the build is still running.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await buildProcesses()).length).toBeGreaterThan(0);
    },
    INSTALL_TIMEOUT,
  );
});
