import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { qualifyTask } from '../../src/corpus/qualify.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { MEAN_FIXED, pythonTask } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

describe('a Python repository task with pytest from Debian', () => {
  it('qualifies, a fixing agent passes under bubblewrap and a no-op fails', async () => {
    const task = await loadTask(await pythonTask(join(await tempDir(), 'mean-fraction')));
    const root = await tempDir();
    const qualification = await qualifyTask(task, { rules: 'imported', root });
    expect(qualification).toMatchObject({ qualified: true, reasons: [] });
    expect(qualification.trees[0]!.checks.map((c) => c.status)).toEqual(['fail', 'fail', 'pass']);
    const trial = async (command: string) =>
      (
        await runAdHocTrial({
          root,
          task,
          command,
          sandbox: 'bubblewrap',
          timeoutMs: 60_000,
          readOnly: [],
          loopback: false,
        })
      ).receipt;
    const fixing = await trial(`printf '%s' '${MEAN_FIXED.replaceAll("'", "'\\''")}' > stats/mean.py`);
    expect(fixing).toMatchObject({ status: 'passed', checksRun: 3, findings: [] });
    expect((await trial('true')).status).toBe('failed');
  }, 300_000);
});
