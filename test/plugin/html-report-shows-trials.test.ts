import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BrowserSession } from '../../src/grading/browser-session.js';
import { LIBRARY_TASKS, planDir, REPO, REPORTER, receiptNames, smallProject, vitest } from './project.js';

// The report is served on the host's loopback: this browser needs the host network a check's never gets.
const session = new BrowserSession({ isolateNetwork: false });
afterAll(() => session.close());

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Serves `dir` on 127.0.0.1: the report fetches its data, which a file:// page may not. */
async function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(dir, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (bytes) =>
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(bytes),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the report server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

interface StoredReceipt {
  status: string;
  trial: { taskId: string; arm: string; repeat: number };
  checks: { id: string; kind: string; status: string }[];
}

it("Vitest's static HTML report of a run shows a failed trial with one assertion per failed hidden check and its diagnostics annotations", async () => {
  // The report is what Chromium looks at here: the trials need none, the library task alone.
  const root = await smallProject({ tasks: LIBRARY_TASKS });
  const run = await vitest(root, [
    'run',
    '--project',
    'small',
    '--reporter=html',
    `--reporter=${REPORTER}`,
    '--outputFile.html=html/index.html',
  ]);
  expect(run.all).toContain('8/8 trials done');

  // A trial whose receipt failed a required check: the report must show that check by name.
  const dir = await planDir(root);
  const receipts = await Promise.all(
    (await receiptNames(dir)).map(
      async (name) => JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')) as StoredReceipt,
    ),
  );
  const failed = receipts.find(
    (r) => r.status === 'failed' && r.checks.some((c) => c.kind === 'required' && c.status === 'fail'),
  );
  if (!failed) throw new Error(`no failed trial in this run:\n${run.all}`);
  const name = `${failed.trial.arm} #${failed.trial.repeat}`;

  const { url, server } = await serve(join(root, 'html'));
  try {
    const launched = await session.browser();
    if (!('browser' in launched)) throw new Error(launched.reason);
    const context = await launched.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    // Loopback only: anything else the report asks for is refused, not attempted.
    await context.route(
      (target) => !target.href.startsWith(url),
      (route) => route.abort(),
    );
    const page = await context.newPage();
    await page.goto(url);

    // The same `<arm> #<repeat>` exists under every task: open the one whose header names our task.
    const rows = page.getByText(name, { exact: true });
    await rows.first().waitFor();
    const header = page.getByText(`${failed.trial.taskId} > ${name}`, { exact: true });
    for (let index = 0; index < (await rows.count()) && !(await header.isVisible()); index += 1) {
      await rows.nth(index).click();
      await page.waitForTimeout(200);
    }
    await expect.poll(() => header.isVisible()).toBe(true);

    const report = page.locator('body');
    for (const check of failed.checks.filter((c) => c.status === 'fail')) {
      await expect.poll(() => report.innerText()).toContain(`${check.kind} check ${check.id}: `);
    }
    const text = await report.innerText();
    expect(text).toContain('trial status (findings: none)');
    expect(text).toContain('crossover:status');
    expect(text).toContain(`status failed; ${failed.checks.length} checks ran`);
    expect(text).toContain('crossover:diagnostics');
    expect(text).toMatch(/toolCalls=\d+ contextToolCalls=\d+/);
    // The trial's evidence is attached: the diff annotation and the evidence story.
    expect(text).toContain('crossover:diff');
    expect(text).toContain('crossover:evidence');

    const out = join(REPO, 'test-results/plugin');
    await mkdir(out, { recursive: true });
    await page.screenshot({ path: join(out, 'html-report-trial.png') });
    await context.close();
  } finally {
    server.close();
  }
}, 300_000);
