import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveContainerEngine } from '../../src/io/container-engine.js';
import { buildImage, imageId } from '../../src/io/container-image.js';
import { writeFiles } from '../helpers/repository-task.js';

const repo = join(import.meta.dirname, '../..');
/** The grader's fixture task: pages.js has a bug the reference fixes, and a decoy that does not. */
export const PAGES_TASK = join(repo, 'fixtures/tasks/valid-node');
/** The browser fixture task: a click counter that stays at zero, three browser checks, a decoy that counts one click only. */
export const COUNTER_TASK = join(repo, 'fixtures/tasks/browser-counter');

/** A Dockerfile from the local Debian base that installs `packages` from Debian's archive. */
export function debianDockerfile(packages: string[]): string {
  return `FROM crossover/bookworm:base
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')} && rm -rf /var/lib/apt/lists/*
`;
}

/**
 * A compact fixture task (`from`, the pages task by default) copied to `dir`, declaring `dockerfile`
 * (at environment/Dockerfile) as its environment, and where its browser checks run when given.
 */
export async function compactTask(
  dir: string,
  dockerfile: string,
  options: { from?: string; browser?: 'host' | 'image' } = {},
): Promise<string> {
  await cp(options.from ?? PAGES_TASK, dir, { recursive: true });
  const task = JSON.parse(await readFile(join(dir, 'task.json'), 'utf8')) as Record<string, unknown>;
  const browser = options.browser === undefined ? {} : { browser: options.browser };
  await writeFile(
    join(dir, 'task.json'),
    JSON.stringify({ ...task, environment: { dockerfile: 'environment/Dockerfile', ...browser } }),
  );
  await writeFiles(dir, { 'environment/Dockerfile': dockerfile });
  return dir;
}

const CLAMP_BUGGY = `package calc

// Clamp limits v to [lo, hi].
func Clamp(v, lo, hi int) int {
\tif v < lo {
\t\treturn lo
\t}
\treturn v
}
`;
export const CLAMP_FIXED = `package calc

// Clamp limits v to [lo, hi].
func Clamp(v, lo, hi int) int {
\tif v < lo {
\t\treturn lo
\t}
\tif v > hi {
\t\treturn hi
\t}
\treturn v
}
`;
/** Clamps only what is well above the bound: caught by TestClampJustAbove. */
const CLAMP_DECOY = CLAMP_FIXED.replace('if v > hi {', 'if v > hi+1 {');
const CLAMP_OLD_TESTS = `package calc

import "testing"

func TestClampInside(t *testing.T) {
\tif got := Clamp(5, 0, 10); got != 5 {
\t\tt.Fatalf("Clamp(5, 0, 10) = %d", got)
\t}
}

func TestClampLow(t *testing.T) {
\tif got := Clamp(-3, 0, 10); got != 0 {
\t\tt.Fatalf("Clamp(-3, 0, 10) = %d", got)
\t}
}
`;
const CLAMP_NEW_TESTS = `${CLAMP_OLD_TESTS}
func TestClampHigh(t *testing.T) {
\tif got := Clamp(15, 0, 10); got != 10 {
\t\tt.Fatalf("Clamp(15, 0, 10) = %d", got)
\t}
}

func TestClampJustAbove(t *testing.T) {
\tif got := Clamp(11, 0, 10); got != 10 {
\t\tt.Fatalf("Clamp(11, 0, 10) = %d", got)
\t}
}
`;

/** Debian's headless Chromium: an image whose browser checks run in it (environment.browser 'image'). */
export const CHROMIUM_DOCKERFILE = debianDockerfile(['chromium-headless-shell']);

/** Go and gotestsum from Debian's archive: a toolchain the host does not have. */
export const GO_DOCKERFILE = debianDockerfile(['golang-go', 'gotestsum']);

/**
 * A Go repository task graded by `go test` through gotestsum's JUnit report, in an image built
 * from the local Debian base: a toolchain the host lacks.
 */
export async function goTask(dir: string): Promise<string> {
  await writeFiles(dir, {
    'task.json': JSON.stringify({
      schema: 'crossover.task/1',
      id: 'clamp-high',
      title: 'Clamp lets values above the bound through',
      category: 'boundary-logic',
      surface: 'library',
      timeoutSec: 120,
      environment: { dockerfile: 'environment/Dockerfile' },
      repository: {
        test: {
          // Without the vet `go test` runs first on every package: 4 of the 6 CPU-s the Go toolchain took in
          // task-images.test.ts, and no test here is about vet.
          command: 'gotestsum --junitfile "$CROSSOVER_RESULTS/junit.xml" -- -vet=off ./...',
          format: 'junit',
          resultFile: 'junit.xml',
          timeoutSec: 600,
        },
        failToPass: ['example.com/calc > TestClampHigh', 'example.com/calc > TestClampJustAbove'],
        passToPass: ['example.com/calc > TestClampInside', 'example.com/calc > TestClampLow'],
      },
    }),
    'prompt.md': 'Clamp(15, 0, 10) gives 15; it should give 10.\n',
    'environment/Dockerfile': GO_DOCKERFILE,
    'workspace/go.mod': 'module example.com/calc\n\ngo 1.19\n',
    'workspace/calc.go': CLAMP_BUGGY,
    'workspace/calc_test.go': CLAMP_OLD_TESTS,
    'checks/calc_test.go': CLAMP_NEW_TESTS,
    'reference/calc.go': CLAMP_FIXED,
    'decoys/just-above/calc.go': CLAMP_DECOY,
  });
  return dir;
}

/** A shell command that writes `text` to `path`: an agent that makes a fix. */
export function writing(path: string, text: string): string {
  return `printf '%s' '${text.replaceAll("'", "'\\''")}' > ${path}`;
}

/** What a stand-in image is built from: its Dockerfile's text and the files its context holds (path → source file). */
export interface StandIn {
  dockerfile: string;
  files?: Record<string, string>;
}

/** Python 3 (with pytest) from Debian's archive: debianDockerfile's bytes, so the layer cache is shared with other tests. */
export const PYTHON_STAND_IN: StandIn = { dockerfile: debianDockerfile(['python3', 'python3-pytest']) };

/** The host's own Node on the Debian base: Debian's nodejs is older than the Node 20 the checks use. */
export const NODE_STAND_IN: StandIn = {
  dockerfile: 'FROM crossover/bookworm:base\nCOPY node /usr/local/bin/node\n',
  files: { node: process.execPath },
};

/**
 * A stand-in for a registry image a foreign task starts FROM, since nothing is pulled here: `tag`
 * built from the local Debian base, once per machine (an image already tagged so is kept).
 */
export async function standInImage(tag: string, standIn: StandIn): Promise<void> {
  const engine = await resolveContainerEngine();
  if ('reason' in engine) throw new Error(`no container engine: ${engine.reason}`);
  if ((await imageId(engine, tag)) !== null) return;
  const context = await mkdtemp(join(tmpdir(), 'crossover-stand-in-'));
  try {
    await writeFile(join(context, 'Dockerfile'), standIn.dockerfile);
    for (const [name, source] of Object.entries(standIn.files ?? {})) await cp(source, join(context, name));
    const dockerfile = join(context, 'Dockerfile');
    const built = await buildImage(engine, { dockerfile, context, tag, labels: {} }, () => {});
    if (built.code !== 0) throw new Error(`building ${tag} failed:\n${built.tail}`);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
}
