import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Agent } from '../../src/contracts/agent.js';
import { EVIDENCE_LIMITS, TRUNCATED_MARK } from '../../src/contracts/evidence.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { sealReceipt } from '../../src/contracts/receipt.js';
import { loadTask } from '../../src/corpus/load.js';
import { BrowserSession } from '../../src/grading/browser-session.js';
import { evidenceFile, writeEvidence } from '../../src/receipts/evidence-store.js';
import { writeReceipt } from '../../src/receipts/store.js';
import { renderTrialPage } from '../../src/reporters/trial-page.js';
import { executeTrial } from '../../src/trial/execute.js';
import { tempDir } from '../helpers/temp.js';
import { baselineArm, trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

const repo = join(import.meta.dirname, '../..');
const CANARY_NAME = 'CROSSOVER_CANARY_KEY';
const CANARY = 'sk-canary-5f1c9a0e7d3b42e8a6c1';

afterEach(() => {
  delete process.env[CANARY_NAME];
});

const session = new BrowserSession();
afterAll(() => session.close());

function commandArm(mode: string): PlannedArm {
  const spec: Agent = {
    adapter: 'command',
    command: `./agents/mine/agent.sh ${mode}`,
    version: '1',
    files: ['agents/mine'],
  };
  return baselineArm(spec);
}

/** One trial of the evidence agent under bubblewrap, the canary declared as its credential; its receipt and evidence stored. */
async function trial(mode: string) {
  const root = await tempDir();
  await cp(join(repo, 'fixtures/agents/evidence'), join(root, 'agents/mine'), { recursive: true });
  process.env[CANARY_NAME] = CANARY;
  const { body, evidence } = await executeTrial(
    trialSpec(await loadTask(PAGES_TASK), commandArm(mode), { root, credentials: [CANARY_NAME], keepEvidence: true }),
  );
  if (!evidence) throw new Error('no evidence was kept');
  const receipt = sealReceipt(body);
  const receiptsDir = join(root, 'receipts');
  await writeEvidence(receiptsDir, evidence);
  await writeReceipt(receiptsDir, receipt);
  return { root, receipt, evidence, receiptsDir };
}

async function cli(cwd: string, argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { cwd, out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

/** This machine's paths that no evidence may name: the project (and its .crossover state), HOME, the tmp dir. */
function machinePaths(root: string): string[] {
  return [root, join(root, '.crossover'), `${homedir()}/`, `${tmpdir()}/`];
}

describe('the evidence a failed trial keeps', () => {
  it('holds the diff and the failing check with its message, and neither the credential nor any path of this machine', async () => {
    const { root, receipt, evidence } = await trial('wrong-fix');
    expect(receipt.status).toBe('failed');
    expect(receipt.evidence).toMatch(/^sha256:/);

    const pages = evidence.diff?.files.find((file) => file.path === 'src/pages.js');
    expect(pages?.change).toBe('modified');
    expect(pages?.patch).toContain('-  return Math.floor(total / perPage);');
    expect(pages?.patch).toContain('+  return Math.round(total / perPage);');
    expect(evidence.diff?.files.find((file) => file.path === 'notes.txt')?.change).toBe('added');

    const failing = evidence.checks.find((check) => check.id === 'partial-last-page');
    expect(failing?.status).toBe('fail');
    // The hidden expected value stays hidden: the check's message names it by placeholder.
    expect(failing?.message).toContain('11 items at 5 a page fill <expected> pages');
    expect(failing?.durationMs).toEqual(expect.any(Number));

    expect(evidence.output?.stdout).toContain('rounded the page count; key <redacted> in <trial>/');
    expect(evidence.output?.stderr).toContain('warning: HOME is <trial>/home, TMPDIR is <trial>/tmp, script <root>/');
    expect(evidence.transcript).toBeNull(); // a command agent has no transcript parser

    const text = JSON.stringify(evidence);
    expect(text).toContain('<redacted>');
    expect(text).not.toContain(CANARY);
    for (const path of machinePaths(root)) expect(text).not.toContain(path);
  });

  it('crossover show tells the story: prompt digest, diff, each check with its message, and no credential or path', async () => {
    const { root, receipt, evidence } = await trial('wrong-fix');
    const byId = await cli(root, ['show', receipt.trial.id, '--receipts', 'receipts']);
    expect(byId.err).toBe('');
    expect(byId.code).toBe(0);
    const byName = await cli(root, ['show', `${receipt.trial.taskId}/baseline#1`, '--receipts', 'receipts']);
    expect(byName.out).toBe(byId.out);

    const { out } = byId;
    expect(out).toContain(`valid-node / baseline #1: failed`);
    expect(out).toContain(`prompt ${evidence.promptDigest}`);
    expect(out).toContain('+  return Math.round(total / perPage);');
    expect(out).toContain('required check partial-last-page: fail');
    expect(out).toContain('11 items at 5 a page fill <expected> pages');
    expect(out).toContain('regression check slices-pages: pass');
    expect(out).not.toContain(CANARY);
    for (const path of machinePaths(root)) expect(out).not.toContain(path);
  });

  it('the HTML trial page, opened in headless Chromium, shows the diff and the failing check, fetches nothing, and holds no credential or path', async () => {
    const { root, receipt, evidence } = await trial('wrong-fix');
    const html = renderTrialPage(receipt.trial, receipt, evidence, null);
    expect(html).not.toContain(CANARY);
    for (const path of machinePaths(root)) expect(html).not.toContain(path);
    const file = join(root, 'trial.html');
    await writeFile(file, html);

    const launched = await session.browser();
    if (!('browser' in launched)) throw new Error(launched.reason);
    const context = await launched.browser.newContext();
    const fetched: string[] = [];
    await context.route(
      (url) => url.protocol !== 'file:',
      (route) => {
        fetched.push(route.request().url());
        return route.abort();
      },
    );
    try {
      const page = await context.newPage();
      await page.goto(pathToFileURL(file).href);
      const text = await page.locator('body').innerText();
      expect(text).toContain('valid-node / baseline #1: failed');
      expect(text).toContain('+  return Math.round(total / perPage);');
      expect(await page.locator('pre.diff .del').first().innerText()).toBe('-  return Math.floor(total / perPage);');
      expect(await page.locator('tr.failed').first().innerText()).toContain('required check partial-last-page: fail');
      expect(text).toContain('11 items at 5 a page fill <expected> pages');
      expect(text).not.toContain(CANARY);
      for (const path of machinePaths(root)) expect(text).not.toContain(path);
      expect(fetched).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an agent that prints 50 MB keeps a bounded tail, its cut marked', async () => {
    const { evidence } = await trial('flood');
    const stdout = evidence.output?.stdout ?? '';
    expect(stdout.startsWith(TRUNCATED_MARK)).toBe(true);
    expect(stdout.length).toBeLessThanOrEqual(EVIDENCE_LIMITS.text + TRUNCATED_MARK.length + 1);
    expect(stdout).toMatch(/x{1000}$/);
  });

  it('receipts verify reports evidence that is missing or altered, and passes it untouched', async () => {
    const { root, receipt, receiptsDir } = await trial('wrong-fix');
    const clean = await cli(root, ['receipts', 'verify', 'receipts']);
    expect(clean.out).toContain('1 of 1 receipts verified');
    expect(clean.code).toBe(0);

    const file = evidenceFile(receiptsDir, receipt.evidence as string);
    const bytes = await readFile(file, 'utf8');
    await writeFile(file, bytes.replace('Math.round', 'Math.ceil'));
    const altered = await cli(root, ['receipts', 'verify', 'receipts']);
    expect(altered.code).toBe(1);
    expect(altered.out).toContain(`evidence-tampered: ${receipt.trial.id}.json`);

    await rm(file);
    const missing = await cli(root, ['receipts', 'verify', 'receipts']);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain(`evidence-missing: ${receipt.trial.id}.json`);
  });
});
