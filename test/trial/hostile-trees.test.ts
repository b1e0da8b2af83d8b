import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type Receipt, type ReceiptBody, receiptDigestHolds, sealReceipt } from '../../src/contracts/receipt.js';
import { readTreeModel } from '../../src/io/tree.js';
import { trialDirectory } from '../../src/trial/workspace.js';
import { tempDir } from '../helpers/temp.js';
import { AGENTS_DIR, hostileTrial } from './hostile.js';

const run = promisify(execFile);

/** The hostile agent's tree, built bare in a scratch workspace: what the unbounded readers met. */
async function bareTree(kind: string): Promise<string> {
  const workspace = await tempDir();
  await run(process.execPath, [join(AGENTS_DIR, 'hostile-tree.mjs'), kind], { cwd: workspace });
  return workspace;
}

async function trialLeaving(kind: string, ...args: string[]): Promise<Receipt> {
  const root = await tempDir();
  const receipt = await hostileTrial({ script: 'hostile-tree.mjs', args: [kind, ...args], root, timeoutMs: 240_000 });
  expect(existsSync(trialDirectory(root, receipt.planId, receipt.trial.id)), 'trial folder removed').toBe(false);
  expect(receiptDigestHolds(receipt)).toBe(true);
  return receipt;
}

const tampering = (receipt: ReceiptBody) => receipt.findings.filter((finding) => finding.kind === 'tampering');

describe('a workspace left to crash the post-agent scan', () => {
  it('a sparse 3 GB file: the trial fails with a tampering finding, a receipt and its folder removed', async () => {
    const receipt = await trialLeaving('sparse');
    expect(receipt.status).toBe('failed');
    expect(tampering(receipt)).toEqual([
      { kind: 'tampering', detail: expect.stringMatching(/more than \d+ bytes of files \(at sparse\.bin\)/) },
    ]);
  });

  it('a sparse 3 GB file crashes a reader that reads whole files (the test is real)', async () => {
    await expect(readTreeModel(await bareTree('sparse'))).rejects.toMatchObject({ code: 'ERR_FS_FILE_TOO_LARGE' });
  });

  it('a name that is not UTF-8: a tampering finding with the bytes escaped', async () => {
    const receipt = await trialLeaving('non-utf8');
    expect(receipt.status).toBe('failed');
    expect(tampering(receipt)).toEqual([
      { kind: 'tampering', detail: 'the workspace holds a name that is not UTF-8: name\\xff\\xfe' },
    ]);
  });

  it('a name that is not UTF-8 crashes a reader that decodes names as text (the test is real)', async () => {
    await expect(readTreeModel(await bareTree('non-utf8'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a path longer than 4096 bytes: a tampering finding, and the folder is still removed', async () => {
    const receipt = await trialLeaving('deep');
    expect(receipt.status).toBe('failed');
    expect(tampering(receipt)).toEqual([
      { kind: 'tampering', detail: expect.stringMatching(/^the workspace holds a path longer than 1024 bytes: d+\//) },
    ]);
  });

  it("a path longer than 4096 bytes is more than Node's rm removes (the test is real)", async () => {
    const workspace = await bareTree('deep');
    try {
      await expect(rm(workspace, { recursive: true, force: true })).rejects.toMatchObject({ code: 'ENAMETOOLONG' });
    } finally {
      await run('/bin/rm', ['-rf', '--', workspace]);
    }
  });

  it('60,000 files: scanned within the bounds, graded, no finding', async () => {
    const receipt = await trialLeaving('many', '60000');
    expect(receipt.status).toBe('failed');
    expect(receipt.checksRun).toBeGreaterThan(0);
    expect(receipt.findings).toEqual([]);
    expect(receipt.diagnostics.filesModified).toBe(60_000);
  }, 300_000);

  it('instruction files at long paths: a contamination finding cut to the receipt bound, sealed', async () => {
    const receipt = await trialLeaving('long-instructions');
    expect(receipt.status).toBe('contaminated');
    const [finding] = receipt.findings;
    expect(finding?.detail.length).toBe(2000);
    expect(finding?.detail.endsWith('…')).toBe(true);
  });

  it('a finding past 2000 characters makes sealing throw (the test is real)', () => {
    const receipt = { findings: [{ kind: 'contamination', detail: 'x'.repeat(2600) }] };
    expect(() => sealReceipt(receipt as unknown as ReceiptBody)).toThrow();
  });
});
