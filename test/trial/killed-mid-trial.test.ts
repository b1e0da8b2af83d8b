import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BUILT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { AGENTS_DIR, PAGES_TASK, processesWith } from './hostile.js';

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600 && !(await condition()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('a crossover process killed in the middle of a trial', () => {
  it('leaves no receipt, no partial file and no agent process behind', async () => {
    const cwd = await tempDir();
    const receipts = join(cwd, 'receipts');
    const marker = `crossover-killed-${randomBytes(6).toString('hex')}`;
    // An ad-hoc agent's directory must lie under the working directory, which is the project root.
    const agents = join(cwd, 'agents');
    await cp(AGENTS_DIR, agents, { recursive: true });
    const child = execa(
      'node',
      [
        BUILT.bin,
        'trial',
        PAGES_TASK,
        '--agent',
        `node ${agents}/hang.mjs ${marker}`,
        '--agent-dir',
        agents,
        '--receipts',
        receipts,
        '--timeout',
        '120',
      ],
      { cwd, reject: false },
    );
    await until(async () => (await processesWith(marker)).length > 0);
    expect(await processesWith(marker)).not.toEqual([]);
    child.kill('SIGKILL');
    await child;
    await until(async () => (await processesWith(marker)).length === 0);
    expect(await processesWith(marker)).toEqual([]);
    expect(existsSync(receipts) ? await readdir(receipts) : []).toEqual([]);
  });

  it('stores its receipt when it is not killed (the same command, the control)', async () => {
    const cwd = await tempDir();
    const receipts = join(cwd, 'receipts');
    const result = await execa(
      'node',
      [BUILT.bin, 'trial', PAGES_TASK, '--agent', 'true', '--receipts', receipts, '--json'],
      { cwd, reject: false },
    );
    expect(result.exitCode).toBe(1);
    const receipt = JSON.parse(result.stdout);
    expect(receipt.status).toBe('failed');
    expect(await readdir(receipts)).toEqual([`${receipt.trial.id}.json`]);
    const verify = await execa('node', [BUILT.bin, 'receipts', 'verify', receipts], { cwd, reject: false });
    expect(verify.exitCode).toBe(0);
  });
});
