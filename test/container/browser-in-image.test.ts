import { chmod, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext, vi } from 'vitest';
import { gradingPlaceOf } from '../../src/corpus/environment.js';
import { type LoadedTask, loadTask } from '../../src/corpus/load.js';
import { qualifyTask } from '../../src/corpus/qualify.js';
import { runImageBrowserCheck } from '../../src/grading/browser-image-check.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { builtCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { CHROMIUM_DOCKERFILE, COUNTER_TASK, compactTask, writing } from './tasks.js';

/** A first build on a fresh machine downloads Chromium from Debian's archive: minutes; later runs find the image. */
const BUILD_TIMEOUT_MS = 20 * 60_000;
/** The image without Chromium: the compact test's (task-images.test.ts), so one build serves both. */
const NO_CHROMIUM_DOCKERFILE = 'FROM crossover/bookworm:base\nLABEL org.crossover.test=compact\n';

/** An ad-hoc trial in the container backend. */
const TRIAL = { sandbox: 'container' as const, timeoutMs: 120_000, readOnly: [], loopback: false };

/** The browser counter task declaring `dockerfile` and that its browser checks run in the image, with its image built. */
async function imageBrowserTask(root: string, dockerfile: string): Promise<LoadedTask> {
  const dir = await compactTask(join(root, 'browser-counter'), dockerfile, { from: COUNTER_TASK, browser: 'image' });
  const built = await builtCli(root, ['env', 'build', '--task', dir]);
  expect(built.code, built.out + built.err).toBe(0);
  return loadTask(dir);
}

/** A host listener that counts the requests for /navigate reaching it, on every address of the host. */
async function listener(onFinished: TestContext['onTestFinished']) {
  const contacts = { navigate: 0 };
  const server = createServer((socket) => {
    socket.once('data', (data) => {
      if (data.toString('latin1').startsWith('GET /navigate')) contacts.navigate += 1;
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nleaked');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as { port: number }).port, contacts };
}

/** A check whose page, once the served page loaded, navigates itself to the host listener on loopback. */
const navigatingCheck = (port: number) => `
export default async function ({ page, baseUrl }) {
  await page.goto(baseUrl);
  if ((await page.textContent('#ready')) !== 'ready') throw new Error('the served page did not load');
  await Promise.all([
    page.waitForEvent('framenavigated', { timeout: 15000 }).catch(() => undefined),
    page.evaluate((url) => { location.href = url; }, 'http://127.0.0.1:${port}/navigate'),
  ]);
}
`;

describe.concurrent("browser checks in the task's image (environment.browser 'image')", () => {
  let chromium: LoadedTask;
  let root: string;
  let removeRoot: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    root = await tempDir('crossover-browser-image-', (remove) => {
      removeRoot = remove as () => Promise<void>;
    });
    chromium = await imageBrowserTask(root, CHROMIUM_DOCKERFILE);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => removeRoot?.());

  it('grade a task with the image’s Chromium: the reference passes, the start and a decoy fail; a fixing agent passes', async () => {
    const qualification = await qualifyTask(chromium, { root });
    const verdicts = Object.fromEntries(qualification.trees.map((tree) => [tree.tree, tree.status]));
    expect(verdicts).toEqual({ start: 'failed', reference: 'passed', 'decoy:first-click-only': 'failed' });
    expect(qualification.qualified).toBe(true);
    const fixed = await readFile(join(COUNTER_TASK, 'reference/src/counter.js'), 'utf8');
    const { receipt } = await runAdHocTrial({
      ...TRIAL,
      root,
      task: chromium,
      command: writing('src/counter.js', fixed),
    });
    expect(receipt).toMatchObject({ status: 'passed', checksRun: 3, sandbox: { kind: 'container' } });
  });

  it('an image without Chromium: every browser check is a setup error naming the package, never a failure', async ({
    onTestFinished,
  }) => {
    const bare = await imageBrowserTask(await tempDir(undefined, onTestFinished), NO_CHROMIUM_DOCKERFILE);
    const qualification = await qualifyTask(bare, { root });
    expect(qualification.trees.map((tree) => tree.status)).toEqual(['check-error', 'check-error', 'check-error']);
    expect(qualification.qualified).toBe(false);
    // A trial's grading too, though the host has a Chromium: the image's is the one its checks use.
    const { receipt } = await runAdHocTrial({ ...TRIAL, root, task: bare, command: 'true' });
    expect(receipt.status).toBe('check-error');
    const container = await gradingPlaceOf(bare, 'crossover env build');
    const graded = await gradeWorkspace({ task: bare, workspace: join(bare.dir, 'reference'), container });
    expect(graded.status).toBe('check-error');
    for (const check of [...graded.checks, ...receipt.checks]) {
      expect(check.status).toBe('error');
      expect(check.message).toContain("the task's image has no Chromium");
      expect(check.message).toContain('apt-get install chromium-headless-shell');
    }
  });

  it("a page reaches no other origin: the origin filter aborts it, and without the filter the container's lack of network still holds; on the host's network it would (the test is real)", async ({
    onTestFinished,
  }) => {
    const host = await listener(onTestFinished);
    const dirs = await Promise.all([tempDir(undefined, onTestFinished), tempDir(undefined, onTestFinished)]);
    const [checksDir, workspace] = dirs as [string, string];
    for (const dir of dirs) await chmod(dir, 0o755);
    await writeFile(join(workspace, 'index.html'), '<p id="ready">ready</p>');
    const checkFile = join(checksDir, 'navigate.mjs');
    await writeFile(checkFile, navigatingCheck(host.port));
    const place = await gradingPlaceOf(chromium, 'crossover env build');
    if (place === null) throw new Error('the task declares an image');
    const run = (filterOrigins: boolean, network: boolean) =>
      runImageBrowserCheck({
        checkFile,
        checksDir,
        workspace,
        timeoutMs: 60_000,
        place,
        protections: { filterOrigins, network },
      });
    const contained = await Promise.all([run(true, false), run(false, false), run(true, true)]);
    for (const outcome of contained) expect(outcome).toMatchObject({ status: 'pass', message: '' });
    expect(host.contacts.navigate).toBe(0);
    // The positive control: neither protection, and the navigation reaches the host.
    expect(await run(false, true)).toMatchObject({ status: 'pass', message: '' });
    await vi.waitFor(() => expect(host.contacts.navigate).toBe(1), { timeout: 10_000 });
  });
});
