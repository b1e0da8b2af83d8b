import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { withoutInheritedFds } from '../io/close-fds.js';
import { CONTAINER_NODE, type ContainerPlace, containerArgv, endContainer } from '../io/container.js';
import { engineEnvironment } from '../io/container-engine.js';
import { containerIdentity } from '../io/container-host.js';
import { gradingGroup } from '../io/grading-group.js';
import { entryModule, standaloneScript } from '../io/rolldown.js';
import { LAUNCH_TIMEOUT_MS } from './browser-session.js';
import { STARVED_BOUND } from './check-clock.js';
import { type CheckCommand, spawnCheck, type Watch } from './check-process.js';
import { type CheckOutcome, errored } from './outcome.js';

/**
 * A browser check in a fresh container of the task's image (its environment's `browser: 'image'`):
 * the image's own Chromium, driven by the same check code as on the host (browser-check.ts), in a
 * harness (browser-image-harness.ts) that Crossover's node runs inside. Like a node check in a
 * container: the container's user, no capabilities, no network, a read-only image, the workspace
 * and the checks bound read-only at grading only, never the agent's container.
 */

/** Where the harness and the playwright-core it imports are bound inside: the harness finds the package beside it. */
const HARNESS_DIR = '/opt/crossover/browser';
const HARNESS = `${HARNESS_DIR}/harness.mjs`;
const PLAYWRIGHT = `${HARNESS_DIR}/node_modules/playwright-core`;

/** Chromium's processes and threads count against the pids limit: a browser and its renderers use a few hundred. */
const BROWSER_PIDS = 1024;
const BROWSER_MEMORY_BYTES = 2 * 1024 ** 3;
/** Past the harness's own clock (launch, then the check's wall-clock bound): a harness that still gives no outcome is stuck. */
const BACKSTOP_SLACK_MS = 30_000;

export interface ImageBrowserCheckRun {
  checkFile: string;
  checksDir: string;
  workspace: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  alone?: boolean;
  place: ContainerPlace;
  /** the tests' positive controls only: other origins' requests continued, the container on the host's network */
  protections?: { filterOrigins: boolean; network: boolean };
}

let bundled: Promise<string> | null = null;

/** The harness bundled once per process, from dist/ or src/, whichever this runs from. */
function harnessCode(): Promise<string> {
  bundled ??= (async () => {
    const entry = await entryModule(new URL('./browser-image-harness', import.meta.url));
    if (entry === null)
      throw new Error('the browser harness (grading/browser-image-harness) is missing from this install');
    return standaloneScript(entry, ['playwright-core']);
  })();
  bundled.catch(() => {
    bundled = null;
  });
  return bundled;
}

/** playwright-core's package directory, as installed with Crossover: bound read-only beside the harness. */
function playwrightDir(): string {
  return dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
}

/**
 * The check's container command. The harness is written for this check alone, into a private
 * directory the command's cleanup removes, readable by the container's user through its bind.
 */
async function imageCheckCommand(run: ImageBrowserCheckRun): Promise<CheckCommand> {
  const { place } = run;
  const code = await harnessCode();
  const dir = await mkdtemp(join(tmpdir(), 'crossover-browser-harness-'));
  const harness = join(dir, 'harness.mjs');
  await writeFile(harness, code, { mode: 0o644 });
  await chmod(harness, 0o644);
  const name = `crossover-check-${randomBytes(8).toString('hex')}`;
  const protections = run.protections ?? { filterOrigins: true, network: false };
  const flags = [...(run.alone ? ['--alone'] : []), ...(protections.filterOrigins ? [] : ['--unfiltered'])];
  const argv = containerArgv(place, {
    name,
    labels: {},
    layout: {
      writable: [],
      readOnly: [run.workspace, run.checksDir],
      shareNetwork: protections.network,
      mounts: [
        { source: harness, dest: HARNESS },
        { source: playwrightDir(), dest: PLAYWRIGHT },
      ],
    },
    cwd: run.workspace,
    argv: [CONTAINER_NODE, HARNESS, run.checkFile, run.workspace, String(run.timeoutMs), ...flags],
    identity: containerIdentity(),
    limits: {
      pids: BROWSER_PIDS,
      memoryBytes: BROWSER_MEMORY_BYTES,
      cpus: 1,
      grading: true,
      cpuGroup: await gradingGroup(place.engine),
    },
    passed: [],
    // Chromium keeps a profile and caches under HOME: the container's only writable place is /tmp.
    set: { HOME: '/tmp', PATH: place.path },
  });
  return {
    ...withoutInheritedFds(place.engine.path, argv),
    env: engineEnvironment(place.engine),
    cleanup: async () => {
      try {
        await endContainer(place.engine, name);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The harness keeps the check's clock inside the container; out here only a backstop for a harness that hangs. */
function backstop(run: ImageBrowserCheckRun): Watch {
  const limitMs = LAUNCH_TIMEOUT_MS + STARVED_BOUND * run.timeoutMs + BACKSTOP_SLACK_MS;
  return (_pid, end) => {
    const timer = setTimeout(
      () => end(errored(`the browser check's harness gave no outcome within ${limitMs} ms of wall time`)),
      limitMs,
    );
    return {
      stop: () => {
        clearTimeout(timer);
        return undefined;
      },
    };
  };
}

/** Runs one browser check in a fresh container of the task's image and returns its outcome; rejects with the signal's reason when aborted. */
export async function runImageBrowserCheck(run: ImageBrowserCheckRun): Promise<CheckOutcome> {
  run.signal?.throwIfAborted();
  let command: CheckCommand;
  try {
    command = await imageCheckCommand(run);
  } catch (error) {
    return errored(`the browser check could not be set up: ${(error as Error).message}`);
  }
  try {
    return await spawnCheck({ cwd: run.workspace, signal: run.signal }, command, '', backstop(run));
  } finally {
    await command.cleanup?.();
  }
}
