import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { qualifyTask } from '../../src/corpus/qualify.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { writeFiles } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

const MEAN_BUGGY = 'def mean(values):\n    return sum(values) // len(values)\n';
const MEAN_FIXED =
  'def mean(values):\n    if not values:\n        raise ValueError("mean of nothing")\n    return sum(values) / len(values)\n';
const OLD_TESTS = 'from stats import mean\n\n\ndef test_whole():\n    assert mean([2, 4]) == 3\n';
const NEW_TESTS = `${OLD_TESTS}

def test_fraction():
    assert mean([1, 2]) == 1.5


class TestEmpty:
    def test_raises(self):
        import pytest
        with pytest.raises(ValueError):
            mean([])
`;

/** A Python repository task graded by Debian's python3-pytest through the same path as a Node one. */
async function pythonTask(): Promise<string> {
  const dir = join(await tempDir(), 'mean-fraction');
  await writeFiles(dir, {
    'task.json': JSON.stringify({
      schema: 'crossover.task/1',
      id: 'mean-fraction',
      title: 'mean drops the fraction',
      category: 'boundary-logic',
      surface: 'library',
      timeoutSec: 60,
      repository: {
        test: {
          command: '/usr/bin/python3 -m pytest -q -p no:cacheprovider --junitxml="$CROSSOVER_RESULTS/junit.xml"',
          format: 'junit',
          resultFile: 'junit.xml',
        },
        failToPass: ['tests/test_stats.py::test_fraction', 'tests/test_stats.py::TestEmpty::test_raises'],
        passToPass: ['tests/test_stats.py::test_whole'],
      },
    }),
    'prompt.md': 'mean([1, 2]) gives 1, not 1.5; mean([]) crashes with ZeroDivisionError.\n',
    'workspace/stats/__init__.py': 'from .mean import mean\n',
    'workspace/stats/mean.py': MEAN_BUGGY,
    'workspace/tests/test_stats.py': OLD_TESTS,
    'checks/tests/test_stats.py': NEW_TESTS,
    'reference/stats/mean.py': MEAN_FIXED,
  });
  return dir;
}

describe('a Python repository task with pytest from Debian', () => {
  it('qualifies, a fixing agent passes under bubblewrap and a no-op fails', async () => {
    const task = await loadTask(await pythonTask());
    const root = await tempDir();
    const qualification = await qualifyTask(task, { rules: 'imported', root });
    expect(qualification).toMatchObject({ qualified: true, reasons: [] });
    expect(qualification.trees[0]!.checks.map((c) => c.status)).toEqual(['fail', 'fail', 'pass']);
    const trial = (command: string) =>
      runAdHocTrial({ root, task, command, sandbox: 'bubblewrap', timeoutMs: 60_000, readOnly: [], loopback: false });
    const fixing = await trial(`printf '%s' '${MEAN_FIXED.replaceAll("'", "'\\''")}' > stats/mean.py`);
    expect(fixing).toMatchObject({ status: 'passed', checksRun: 3, findings: [] });
    expect((await trial('true')).status).toBe('failed');
  }, 300_000);
});
