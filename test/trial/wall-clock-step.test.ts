import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentExec } from '../../src/trial/agent-exec.js';
import { MARKER_VARIABLE } from '../../src/trial/environment.js';
import { tempDir } from '../helpers/temp.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a trial keeps its time when the wall clock steps', () => {
  it("a step forward of the wall clock does not shorten a running agent's command: it is not timed out", async () => {
    const trialDir = await tempDir();
    const exec = agentExec({
      sandbox: null,
      layout: { writable: [trialDir], readOnly: [], shareNetwork: false },
      agentDirs: [],
      marker: { variable: `${MARKER_VARIABLE}=${randomBytes(6).toString('hex')}`, directory: trialDir },
      deadline: performance.now() + 30_000,
      signal: new AbortController().signal,
    });
    // This machine's clock is adjusted while it runs (after boot, under load): an hour ahead, at once.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_600_000);
    const result = await exec(['sh', '-c', 'sleep 0.2; echo done'], { cwd: trialDir, env: { PATH: '/usr/bin:/bin' } });
    expect(result.timedOut).toBe(false);
    expect(result.stdout).toBe('done\n');
  });
});
