import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { descendantsOf, processTable } from '../../src/io/process-tree.js';

describe('the processes below one process', () => {
  it('follows parent links down every branch, and leaves out the ancestor, its own parent and unrelated trees', () => {
    const table = [
      { pid: 1, ppid: 0 },
      { pid: 10, ppid: 1 },
      { pid: 11, ppid: 10 },
      { pid: 12, ppid: 10 },
      { pid: 13, ppid: 12 },
      { pid: 14, ppid: 13 },
      { pid: 20, ppid: 1 },
      { pid: 21, ppid: 20 },
    ];
    expect([...descendantsOf(10, table)].sort((a, b) => a - b)).toEqual([11, 12, 13, 14]);
    expect([...descendantsOf(14, table)]).toEqual([]);
    expect([...descendantsOf(99, table)]).toEqual([]);
    // A table read while pids are reused may hold a loop: the walk still ends.
    expect([...descendantsOf(30, [...table, { pid: 30, ppid: 31 }, { pid: 31, ppid: 30 }])]).toEqual([31]);
  });

  it('finds, in the live /proc, a child of this process and the grandchild it started, and not this process', async () => {
    const child = spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], { stdio: ['ignore', 'pipe', 'ignore'] });
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    const grandchild = await new Promise<number>((resolve) =>
      child.stdout.once('data', (d) => resolve(Number(String(d)))),
    );
    const below = descendantsOf(process.pid, processTable());
    expect(below.has(child.pid as number)).toBe(true);
    expect(below.has(grandchild)).toBe(true);
    expect(below.has(process.pid)).toBe(false);
    process.kill(grandchild, 'SIGKILL');
  });
});
