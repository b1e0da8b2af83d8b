import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type ReceiptBody, sealReceipt } from '../../src/contracts/receipt.js';
import { latestAttempt, receiptExists, verifyReceipts, writeReceipt } from '../../src/receipts/store.js';
import { tempDir } from '../helpers/temp.js';

function sampleBody(overrides: Partial<ReceiptBody> = {}): ReceiptBody {
  return {
    schema: 'crossover.receipt/1',
    planId: `sha256:${'a'.repeat(64)}`,
    trial: {
      id: '0123456789abcdef01234567',
      taskId: 'task-a',
      taskDigest: `sha256:${'b'.repeat(64)}`,
      arm: 'baseline',
      role: 'baseline',
      repeat: 1,
      block: 0,
      position: 0,
    },
    status: 'passed',
    synthetic: true,
    agent: { adapter: 'synthetic', version: null },
    sandbox: { kind: 'bubblewrap', version: '0.8.0' },
    checks: [{ id: 'works', kind: 'required', status: 'pass', message: '' }],
    checksRun: 1,
    findings: [],
    diagnostics: {
      toolCalls: 0,
      contextToolCalls: 0,
      tools: {},
      filesInspected: 0,
      filesModified: 1,
      inputTokens: null,
      outputTokens: null,
      costUsd: null,
      elapsedMs: 12,
      relevantFileRecall: null,
      skillsUsed: null,
    },
    ...overrides,
  };
}

function cli(cwd: string) {
  let out = '';
  return { io: { out: (t: string) => (out += t), err: (t: string) => (out += t), cwd }, output: () => out };
}

describe('receipt store', () => {
  it('writes one file per trial, named by the trial id, and knows it exists', async () => {
    const dir = await tempDir();
    expect(await receiptExists(dir, '0123456789abcdef01234567')).toBe(false);
    expect(await writeReceipt(dir, sealReceipt(sampleBody()))).toBe(true);
    expect(await readdir(dir)).toEqual(['0123456789abcdef01234567.json']);
    expect(await receiptExists(dir, '0123456789abcdef01234567')).toBe(true);
  });

  it('accepts the identical receipt again (merging shards is a union)', async () => {
    const dir = await tempDir();
    const receipt = sealReceipt(sampleBody());
    await writeReceipt(dir, receipt);
    expect(await writeReceipt(dir, receipt)).toBe(false);
  });

  it('refuses a different receipt for the same trial and keeps the first', async () => {
    const dir = await tempDir();
    await writeReceipt(dir, sealReceipt(sampleBody()));
    const before = await readFile(join(dir, '0123456789abcdef01234567.json'), 'utf8');
    await expect(writeReceipt(dir, sealReceipt(sampleBody({ status: 'failed' })))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await readFile(join(dir, '0123456789abcdef01234567.json'), 'utf8')).toBe(before);
  });

  it('refuses a receipt whose digest does not match its content', async () => {
    const dir = await tempDir();
    const forged = { ...sealReceipt(sampleBody()), status: 'failed' as const };
    await expect(writeReceipt(dir, forged)).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('crossover receipts verify', () => {
  it('verifies untouched receipts (exit 0)', async () => {
    const dir = await tempDir();
    await writeReceipt(dir, sealReceipt(sampleBody()));
    const { io, output } = cli(dir);
    expect(await main(['receipts', 'verify', '.'], io)).toBe(0);
    expect(output()).toContain('1 of 1 receipts verified');
  });

  it("verifies a plan directory's receipts, never counting plan.json or a scorecard as one", async () => {
    const planDir = await tempDir();
    await writeReceipt(join(planDir, 'receipts'), sealReceipt(sampleBody()));
    await writeFile(join(planDir, 'plan.json'), '{"schema": "crossover.plan/2"}');
    await writeFile(join(planDir, 'scorecard.json'), '{}');
    const { io, output } = cli(planDir);
    expect(await main(['receipts', 'verify', '.'], io)).toBe(0);
    expect(output()).toBe('1 of 1 receipts verified\n');
  });

  it('catches one changed byte anywhere in a receipt (exit 1)', async () => {
    const dir = await tempDir();
    await writeReceipt(dir, sealReceipt(sampleBody()));
    const file = join(dir, '0123456789abcdef01234567.json');
    const original = await readFile(file);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: original.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        async (position, delta) => {
          const changed = Buffer.from(original);
          changed[position] = (changed[position]! + delta) % 256;
          await writeFile(file, changed);
          const verification = await verifyReceipts(dir);
          expect(verification.verified).toEqual([]);
          expect(verification.problems).toHaveLength(1);
        },
      ),
      { numRuns: 200 },
    );
    const digit = original.indexOf('"elapsedMs": 12') + '"elapsedMs": 1'.length;
    const changed = Buffer.from(original);
    changed[digit] = '3'.charCodeAt(0);
    await writeFile(file, changed);
    const { io, output } = cli(dir);
    expect(await main(['receipts', 'verify', dir], io)).toBe(1);
    expect(output()).toContain('tampered: 0123456789abcdef01234567.json: its digest does not match its content');
  });

  it("reports a file that is not JSON as corrupt, and a receipt under another trial's name as misnamed", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'aaaaaaaaaaaaaaaaaaaaaaaa.json'), '{"schema": "crossover.rec');
    await writeReceipt(dir, sealReceipt(sampleBody()));
    await writeFile(
      join(dir, 'bbbbbbbbbbbbbbbbbbbbbbbb.json'),
      await readFile(join(dir, '0123456789abcdef01234567.json')),
    );
    const verification = await verifyReceipts(dir);
    expect(verification.verified).toEqual(['0123456789abcdef01234567.json']);
    expect(verification.problems.map((p) => `${p.problem} ${p.file}`)).toEqual([
      'corrupt aaaaaaaaaaaaaaaaaaaaaaaa.json',
      'misnamed bbbbbbbbbbbbbbbbbbbbbbbb.json',
    ]);
  });
});

describe('every attempt of a trial keeps its own receipt', () => {
  it('a re-attempt is stored beside the first attempt, never over it, and both verify', async () => {
    const dir = await tempDir();
    const first = sealReceipt(sampleBody({ status: 'check-error', checks: [], checksRun: 0 }));
    const second = sealReceipt(sampleBody({ trial: { ...sampleBody().trial, attempt: 2 } }));
    expect(await writeReceipt(dir, first)).toBe(true);
    expect(await writeReceipt(dir, second)).toBe(true);
    expect((await readdir(dir)).sort()).toEqual([
      '0123456789abcdef01234567.attempt-2.json',
      '0123456789abcdef01234567.json',
    ]);
    expect(JSON.parse(await readFile(join(dir, '0123456789abcdef01234567.json'), 'utf8')).status).toBe('check-error');
    expect(await latestAttempt(dir, '0123456789abcdef01234567')).toEqual(second);
    expect(await verifyReceipts(dir)).toEqual({
      verified: ['0123456789abcdef01234567.attempt-2.json', '0123456789abcdef01234567.json'],
      problems: [],
    });
    const other = sealReceipt(sampleBody({ trial: { ...sampleBody().trial, attempt: 2 }, status: 'failed' }));
    await expect(writeReceipt(dir, other)).rejects.toThrow(
      'a different receipt for attempt 2 of trial 0123456789abcdef01234567 is already stored; receipts are never overwritten',
    );
  });

  it('a re-attempt renamed to pass as the first attempt is misnamed', async () => {
    const dir = await tempDir();
    const second = sealReceipt(sampleBody({ trial: { ...sampleBody().trial, attempt: 2 } }));
    await writeReceipt(dir, second);
    await rename(join(dir, '0123456789abcdef01234567.attempt-2.json'), join(dir, '0123456789abcdef01234567.json'));
    expect((await verifyReceipts(dir)).problems).toEqual([
      {
        file: '0123456789abcdef01234567.json',
        problem: 'misnamed',
        detail: 'it holds attempt 2 of trial 0123456789abcdef01234567',
      },
    ]);
    await expect(latestAttempt(dir, '0123456789abcdef01234567')).rejects.toThrow(
      'not the sealed receipt of attempt 1 of trial 0123456789abcdef01234567',
    );
  });
});
