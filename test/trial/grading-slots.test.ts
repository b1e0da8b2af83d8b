import { describe, expect, it } from 'vitest';
import { GradingSlots } from '../../src/trial/grading-slots.js';

describe('grading slots: overload waits for a slot instead of failing checks on timeouts', () => {
  it('never runs more gradings at once than its capacity, and runs every one', async () => {
    const slots = new GradingSlots(2);
    let running = 0;
    let peak = 0;
    const finished: number[] = [];
    const work = (id: number) =>
      slots.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        finished.push(id);
        return id;
      });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(work));
    expect(results).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
    expect(finished.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('frees its slot when a grading throws', async () => {
    const slots = new GradingSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('grader broke')))).rejects.toThrow('grader broke');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
