import { execFile, spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { inGradingSlot } from '../../src/trial/grading-slots.js';
import { tempDir } from '../helpers/temp.js';

const run = promisify(execFile);

/** A pid no process holds any more: a child that has exited. */
async function exitedPid(): Promise<number> {
  const { stdout } = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(stdout);
}

describe('grading slots: overload waits for a slot instead of failing checks on timeouts', () => {
  it('never runs more gradings at once than its capacity, and runs every one', async () => {
    const dir = await tempDir('crossover-slots-');
    let running = 0;
    let peak = 0;
    // The first gradings hold their slots until both are taken, so the peak is the bound, not luck.
    let full: () => void = () => undefined;
    const bothTaken = new Promise<void>((resolve) => (full = resolve));
    const work = (id: number) =>
      inGradingSlot(dir, 2, async () => {
        running += 1;
        peak = Math.max(peak, running);
        if (running === 2) full();
        await bothTaken;
        running -= 1;
        return id;
      });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(work));
    expect(results).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a grading of independent checks takes the extra slots that are free, never more, and frees them all', async () => {
    const dir = await tempDir('crossover-slots-');
    await expect(inGradingSlot(dir, 3, async (held) => held, 3)).resolves.toBe(3);
    await expect(inGradingSlot(dir, 3, async (held) => held, 5)).resolves.toBe(3);
    await expect(inGradingSlot(dir, 3, async (held) => held)).resolves.toBe(1);
    // One slot held by a live process: the grading gets the two left, without waiting for the third.
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      await writeFile(join(dir, 'slot-0'), String(holder.pid));
      await expect(
        inGradingSlot(dir, 3, async (held) => ({ held, files: (await readdir(dir)).length }), 3),
      ).resolves.toEqual({ held: 2, files: 3 });
      expect(await readdir(dir)).toEqual(['slot-0']);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('frees its slot when a grading throws', async () => {
    const dir = await tempDir('crossover-slots-');
    await expect(inGradingSlot(dir, 1, async () => Promise.reject(new Error('grader broke')))).rejects.toThrow(
      'grader broke',
    );
    await expect(inGradingSlot(dir, 1, async () => 'next')).resolves.toBe('next');
  });

  it('a slot another process holds is waited for, and taken over once that process has exited', async () => {
    const dir = await tempDir('crossover-slots-');
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    const holderExited = new Promise((resolve) => holder.once('exit', resolve));
    await writeFile(join(dir, 'slot-0'), String(holder.pid));
    let ran = false;
    const waiting = inGradingSlot(dir, 1, async () => {
      ran = true;
      return readFile(join(dir, 'slot-0'), 'utf8');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toBe(false);
    holder.kill('SIGKILL');
    await holderExited;
    await expect(waiting).resolves.toBe(String(process.pid));
    expect(await readdir(dir)).toEqual([]);
  });

  it('a slot left by a process that has already exited is taken over at once', async () => {
    const dir = await tempDir('crossover-slots-');
    await writeFile(join(dir, 'slot-0'), String(await exitedPid()));
    await expect(inGradingSlot(dir, 1, async () => 'taken over')).resolves.toBe('taken over');
  });

  it('a grading that runs its last part alone waits for the others to let go, and none starts meanwhile', async () => {
    const dir = await tempDir('crossover-slots-');
    const events: string[] = [];
    let release = (): void => undefined;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const first = inGradingSlot(dir, 3, async () => {
      events.push('first holds a slot');
      await holding;
      events.push('first lets go');
    });
    const alone = inGradingSlot(dir, 3, async (_held, runAlone) =>
      runAlone(async () => {
        events.push('alone');
        return (await readdir(dir)).sort();
      }),
    );
    // The drain is asked for: a grading that starts now waits for it, though two slots are free.
    while (!(await readdir(dir)).some((name) => name.startsWith('drain-')))
      await new Promise((resolve) => setTimeout(resolve, 5));
    const later = inGradingSlot(dir, 3, async () => void events.push('a later grading'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual(['first holds a slot']);
    release();
    const [, held] = await Promise.all([first, alone, later]);
    expect(events).toEqual(['first holds a slot', 'first lets go', 'alone', 'a later grading']);
    // Alone, it held every slot.
    expect(held?.filter((name) => name.startsWith('slot-'))).toEqual(['slot-0', 'slot-1', 'slot-2']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('two gradings that each run alone both finish, one after the other', async () => {
    const dir = await tempDir('crossover-slots-');
    let inside = 0;
    let peak = 0;
    const lone = () =>
      inGradingSlot(
        dir,
        2,
        async (_held, runAlone) =>
          runAlone(async () => {
            inside += 1;
            peak = Math.max(peak, inside);
            await new Promise((resolve) => setTimeout(resolve, 20));
            inside -= 1;
          }),
        2,
      );
    await Promise.all([lone(), lone(), lone()]);
    expect(peak).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a drain whose grading was killed holds no one up, and its marker is cleared', async () => {
    const dir = await tempDir('crossover-slots-');
    await writeFile(join(dir, 'drain-1-1'), String(await exitedPid()));
    await expect(inGradingSlot(dir, 2, async () => 'ran')).resolves.toBe('ran');
    expect(await readdir(dir)).toEqual([]);
  });
});
