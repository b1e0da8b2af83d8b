import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts } from '../../fixtures/score/build.js';
import { prettyJson } from '../../src/contracts/canonical.js';
import { CrossoverError } from '../../src/contracts/errors.js';
import { readReceipts } from '../../src/receipts/read.js';
import { tempDir } from '../helpers/temp.js';

async function receiptDir() {
  const plan = fixturePlan({ tasks: 2, repeats: 2 });
  const { planId, receipts } = fixtureReceipts(plan, (trial) => ({ status: trial.repeat === 1 ? 'passed' : 'failed' }));
  const dir = await tempDir();
  for (const receipt of receipts) await writeFile(join(dir, `${receipt.trial.id}.json`), prettyJson(receipt));
  return { dir, planId, receipts };
}

async function failure(run: Promise<unknown>): Promise<CrossoverError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CrossoverError);
  return error as CrossoverError;
}

describe('readReceipts reads only sealed receipts of the plan', () => {
  it('returns every *.json receipt directly in the directory, sorted by trial id, and nothing else', async () => {
    const { dir, planId, receipts } = await receiptDir();
    await writeFile(join(dir, '.abc.json.1234.tmp'), '{');
    await writeFile(join(dir, 'notes.txt'), 'not a receipt');
    await mkdir(join(dir, 'nested'));
    await writeFile(join(dir, 'nested', 'x.json'), '{');
    const read = await readReceipts(dir, planId);
    expect(read).toEqual([...receipts].sort((a, b) => a.trial.id.localeCompare(b.trial.id)));
    expect(await readReceipts(dir)).toHaveLength(receipts.length);
  });

  it('refuses a receipt in which one byte changed after sealing, naming the file', async () => {
    const { dir, receipts } = await receiptDir();
    const file = join(dir, `${receipts[1]!.trial.id}.json`);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('"inputTokens": 20000,');
    await writeFile(file, text.replace('"inputTokens": 20000,', '"inputTokens": 20001,'));
    const error = await failure(readReceipts(dir));
    expect(error.message).toContain(file);
    expect(error.message).toContain('$.digest does not match');
  });

  it('refuses a file that is not a valid receipt, naming the file and the field', async () => {
    const { dir, receipts } = await receiptDir();
    const file = join(dir, `${receipts[0]!.trial.id}.json`);
    const broken = { ...receipts[0]!, status: 'skipped' };
    await writeFile(file, prettyJson(broken));
    const error = await failure(readReceipts(dir));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toContain(file);
    expect(error.message).toContain('$.status');
  });

  it('refuses a receipt of another plan when the plan id is given', async () => {
    const { dir, receipts } = await receiptDir();
    const other = `sha256:${'0'.repeat(64)}`;
    const error = await failure(readReceipts(dir, other));
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(new RegExp(`${dir}/[0-9a-f]{24}\\.json: \\$\\.planId is ${receipts[0]!.planId}`));
  });

  it('says which directory it could not read', async () => {
    const dir = join(await tempDir(), 'absent');
    const error = await failure(readReceipts(dir));
    expect(error.code).toBe('not-found');
    expect(error.message).toContain(dir);
  });
});
