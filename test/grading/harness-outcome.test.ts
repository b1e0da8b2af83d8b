import { describe, expect, it } from 'vitest';
import { spawnCheck, type Watch } from '../../src/grading/check-process.js';

/** A harness that reads the nonce and prints `started`, then `lines` (each given the nonce unless it says `forged`). */
function harness(lines: { text: string; forged?: boolean }[]): string {
  const prints = lines
    .map(({ text, forged }) =>
      forged
        ? `process.stdout.write(${JSON.stringify(`@@crossover-check ${'0'.repeat(32)} ${text}\n`)});`
        : `process.stdout.write('@@crossover-check ' + nonce + ' ' + ${JSON.stringify(text)} + '\\n');`,
    )
    .join('\n');
  return `
    const nonce = require('node:fs').readFileSync(0, 'utf8').split('\\n')[0];
    process.stdout.write('@@crossover-check ' + nonce + ' started\\n');
    ${prints}
  `;
}

const noWatch: Watch = () => ({ stop: () => undefined });

function run(lines: { text: string; forged?: boolean }[]) {
  return spawnCheck(
    { cwd: process.cwd() },
    { file: process.execPath, args: ['-e', harness(lines)], env: {} },
    '',
    noWatch,
  );
}

const times = { wallMs: 900, cpuMs: 400, waitMs: 10, ownMs: 890 };

describe.concurrent('a harness that reports the whole outcome (the browser check in an image)', () => {
  it('is taken as reported, times and starving included', async () => {
    const starved = { status: 'error', message: 'starved: no time of its own', times, starved: true };
    expect(await run([{ text: `outcome ${JSON.stringify(starved)}` }])).toEqual(starved);
    const failed = { status: 'fail', message: 'expected 1 click', times };
    expect(await run([{ text: `outcome ${JSON.stringify(failed)}` }])).toEqual(failed);
  });

  it('of the wrong shape, or unreadable, is an error: the check did not report', async () => {
    const wrong = await run([{ text: `outcome ${JSON.stringify({ status: 'pass', message: '', extra: 1 })}` }]);
    expect(wrong).toMatchObject({ status: 'error', message: expect.stringContaining('wrong shape') });
    const unreadable = await run([{ text: 'outcome {"status":' }]);
    expect(unreadable).toMatchObject({ status: 'error', message: expect.stringContaining('unreadable') });
  });

  it('counts only with its nonce: a forged pass is ignored, and the check has no result', async () => {
    const forged = await run([{ text: `outcome ${JSON.stringify({ status: 'pass', message: '' })}`, forged: true }]);
    expect(forged).toMatchObject({ status: 'fail', message: expect.stringContaining('without a result') });
  });
});
