import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { qualifyTask } from '../../src/corpus/qualify.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { builtCli } from '../helpers/cli.js';
import { MEAN_FIXED, pythonTask } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';
import { CLAMP_FIXED, compactTask, debianDockerfile, GO_DOCKERFILE, goTask, PAGES_TASK, writing } from './tasks.js';

const repo = join(import.meta.dirname, '../..');
/** A first build on a fresh machine downloads Go from Debian's archive: minutes; later runs find the image. */
const BUILD_TIMEOUT_MS = 20 * 60_000;

/** `crossover env build --task <dir>`: the image of the task's Dockerfile, built once per digest of the file and context. */
async function buildImage(root: string, task: string): Promise<string> {
  const built = await builtCli(root, ['env', 'build', '--task', task]);
  expect(built.code, built.out + built.err).toBe(0);
  expect(built.out).toMatch(
    /\[1\/1\] \S+\/environment\/Dockerfile \(crossover-env:[0-9a-f]+…\) for \S+: (building|present)/,
  );
  return built.out;
}

/** One ad-hoc trial of `command` in the container backend. */
async function trial(root: string, task: Awaited<ReturnType<typeof loadTask>>, command: string) {
  const { receipt } = await runAdHocTrial({
    root,
    task,
    command,
    sandbox: 'container',
    timeoutMs: 120_000,
    readOnly: [],
    loopback: false,
  });
  return receipt;
}

/** The qualification's verdicts: the start tree fails, the reference passes, every decoy fails. */
function verdicts(qualification: Awaited<ReturnType<typeof qualifyTask>>) {
  return Object.fromEntries(qualification.trees.map((tree) => [tree.tree, tree.status]));
}

describe('the base image', () => {
  it(
    'is built from Debian’s archive once per machine: the setup script finds it by its recipe',
    async () => {
      const { stdout } = await promisify(execFile)(join(repo, 'scripts/base-image.sh'), [], {
        timeout: BUILD_TIMEOUT_MS,
      });
      expect(stdout).toMatch(
        /base image crossover\/bookworm:base is built \(recipe [0-9a-f]{12}\)|built crossover\/bookworm:base in/,
      );
      const { stdout: check } = await promisify(execFile)(join(repo, 'scripts/base-image.sh'), ['--check']);
      expect(check).toContain('is built');
    },
    BUILD_TIMEOUT_MS,
  );
});

// Each test builds (or finds) its own image and waits on containers: they overlap.
describe.concurrent('tasks in containers of images built from the local Debian base', () => {
  it(
    'a compact task: the reference passes, the start and a decoy fail; a fixing agent passes, a no-op fails',
    async ({ onTestFinished }) => {
      const root = await tempDir(undefined, onTestFinished);
      const dir = await compactTask(
        join(root, 'valid-node'),
        'FROM crossover/bookworm:base\nLABEL org.crossover.test=compact\n',
      );
      await buildImage(root, dir);
      const task = await loadTask(dir);
      const qualification = await qualifyTask(task, { root });
      expect(verdicts(qualification)).toEqual({ start: 'failed', reference: 'passed', 'decoy:round': 'failed' });
      expect(qualification.qualified).toBe(true);
      const fixed = await readFile(join(PAGES_TASK, 'reference/src/pages.js'), 'utf8');
      const fixing = await trial(root, task, writing('src/pages.js', fixed));
      expect(fixing).toMatchObject({ status: 'passed', checksRun: 3, sandbox: { kind: 'container' } });
      expect(fixing.sandbox.version).toMatch(/^(docker|podman) /);
      expect((await trial(root, task, 'true')).status).toBe('failed');
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'the Python repository task: pytest from its image grades the reference, the start, a decoy and two trials',
    async ({ onTestFinished }) => {
      const root = await tempDir(undefined, onTestFinished);
      const dir = await pythonTask(join(root, 'mean-fraction'), debianDockerfile(['python3', 'python3-pytest']));
      await buildImage(root, dir);
      const task = await loadTask(dir);
      const qualification = await qualifyTask(task, { rules: 'imported', root });
      expect(verdicts(qualification)).toEqual({ start: 'failed', reference: 'passed', 'decoy:divide-only': 'failed' });
      expect(qualification).toMatchObject({ qualified: true, reasons: [] });
      const fixing = await trial(root, task, writing('stats/mean.py', MEAN_FIXED));
      expect(fixing).toMatchObject({ status: 'passed', checksRun: 3, findings: [], sandbox: { kind: 'container' } });
      expect((await trial(root, task, 'true')).status).toBe('failed');
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'a Go task, a toolchain the host lacks: go test from its image grades it as any repository task',
    async ({ onTestFinished }) => {
      const root = await tempDir(undefined, onTestFinished);
      const dir = await goTask(join(root, 'clamp-high'));
      expect(GO_DOCKERFILE).toContain('golang-go');
      await buildImage(root, dir);
      const task = await loadTask(dir);
      const qualification = await qualifyTask(task, { rules: 'imported', root });
      expect(verdicts(qualification)).toEqual({ start: 'failed', reference: 'passed', 'decoy:just-above': 'failed' });
      expect(qualification.qualified).toBe(true);
      // The agent's own container has the toolchain too: it runs the tests before it writes the fix.
      const fixing = await trial(root, task, `go version > /dev/null && ${writing('calc.go', CLAMP_FIXED)}`);
      expect(fixing).toMatchObject({ status: 'passed', checksRun: 4, sandbox: { kind: 'container' } });
      expect((await trial(root, task, 'true')).status).toBe('failed');
    },
    BUILD_TIMEOUT_MS,
  );

  it.runIf(!existsSync('/usr/bin/go') && !existsSync('/usr/bin/gotestsum'))(
    'the same Go task graded on the host finds no toolchain: the container is what provides it (the test is real)',
    async () => {
      const root = await tempDir();
      const task = await loadTask(await goTask(join(root, 'clamp-high')));
      const qualification = await qualifyTask(task, { rules: 'imported', root, container: null });
      expect(verdicts(qualification).start).toBe('check-error');
      expect(qualification.qualified).toBe(false);
    },
  );
});
