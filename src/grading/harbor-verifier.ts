import { cp, lstat, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RepositoryTest } from '../contracts/corpus.js';
import type { SandboxedCommand } from '../io/sandboxed-command.js';

/** Where a Harbor task's hidden tests/ sit in checks/ (and so in the graded tree until grading moves them to /tests). */
export const HARBOR_TESTS_DIR = '.harbor/tests';
/** Harbor's verifier layout: the tests at /tests, the reward written to /logs/verifier, the tree at the image's WORKDIR. */
export const HARBOR_TESTS_MOUNT = '/tests';
export const HARBOR_LOGS = '/logs/verifier';
export const HARBOR_WORKDIR = '/app';

/** The sandboxed command of one test run, the result file it leaves on the host, and the host paths its messages name. */
export interface SuiteSandbox {
  command: Omit<SandboxedCommand, 'timeoutMs' | 'signal' | 'network'>;
  file: string;
  placeholders: [path: string, placeholder: string][];
}

/**
 * A Harbor verifier's run, as Harbor's own verifier lays it out: the graded tree at its WORKDIR
 * (read-write, where the command runs), the hidden tests (moved out of the tree, so the tree the
 * command sees is the agent's) read-only at /tests, and a fresh /logs/verifier the runner writes
 * its reward into. Null when the tree holds no hidden tests to run. As in Harbor, the runner (and
 * the workspace code it runs) may write anything in /logs/verifier: its last write stands, and a
 * reward of 1 from a command that did not exit 0 is not graded (unearnedPass).
 */
export async function harborSandbox(
  test: RepositoryTest,
  workspace: string,
  setupMounts: { source: string; output: string }[],
  scratch: string,
): Promise<SuiteSandbox | null> {
  const hidden = join(workspace, HARBOR_TESTS_DIR);
  if (!(await lstat(hidden).catch(() => null))?.isDirectory()) return null;
  const tests = join(scratch, 'tests');
  const logs = join(scratch, 'logs');
  await cp(hidden, tests, { recursive: true, verbatimSymlinks: true });
  await rm(join(workspace, dirname(HARBOR_TESTS_DIR)), { recursive: true, force: true });
  await mkdir(logs, { mode: 0o755 });
  const workdir = test.workdir ?? HARBOR_WORKDIR;
  return {
    command: {
      script: test.command,
      cwd: workdir,
      env: {
        PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
        HOME: '/tmp',
        CI: 'true',
        LANG: 'C.UTF-8',
        PYTHONDONTWRITEBYTECODE: '1',
      },
      writable: [],
      writableMounts: [
        { source: workspace, dest: workdir },
        { source: logs, dest: HARBOR_LOGS },
      ],
      readOnly: [],
      mounts: [
        { source: tests, dest: HARBOR_TESTS_MOUNT },
        ...setupMounts.map(({ source, output }) => ({ source, dest: join(workdir, output) })),
      ],
    },
    file: join(logs, test.resultFile),
    placeholders: [
      [logs, HARBOR_LOGS],
      [tests, HARBOR_TESTS_MOUNT],
      [workspace, workdir],
    ],
  };
}
