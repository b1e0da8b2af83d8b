import { cp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'flatted';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../../src/contracts/receipt.js';
import { trialPageHref } from '../../src/reporters/trial-page-path.js';
import { tempDir } from '../helpers/temp.js';
import { syntheticExperiment, writeExperiment } from '../plan/helpers.js';
import { cli, configure, REPO, REPORTER, vitest } from './project.js';

const RUN_TIMEOUT = 600_000;
const CANARY_NAME = 'CROSSOVER_CANARY_KEY';
const CANARY = 'sk-canary-html-3b8e61d04a9c27f5';
/** The agent's wrong fix (src/pages.js) and the message of the check it fails. */
const DIFF_LINE = '+  return Math.round(total / perPage);';
const CHECK_MESSAGE = '11 items at 5 a page fill <expected> pages';

afterEach(() => {
  vi.unstubAllEnvs();
});

/**
 * A stage-1 project of four copies of the page-count task (2 api, 2 browser surfaces, 4 categories),
 * two arms, 2 repeats: the evidence agent (a shell script in its own directory) makes a wrong fix
 * under bubblewrap and prints the credential it was given and the paths it runs under.
 */
async function canaryProject(): Promise<string> {
  const root = await tempDir('crossover-html-canary-');
  const tasks = [
    ['api-a', 'api', 'c1'],
    ['api-b', 'api', 'c2'],
    ['web-a', 'browser', 'c3'],
    ['web-b', 'browser', 'c4'],
  ] as const;
  for (const [id, surface, category] of tasks) {
    const dir = join(root, 'corpus/tasks', id);
    await cp(join(REPO, 'fixtures/tasks/valid-node'), dir, { recursive: true });
    const task = JSON.parse(await readFile(join(dir, 'task.json'), 'utf8'));
    await writeFile(join(dir, 'task.json'), JSON.stringify({ ...task, id, surface, category }));
  }
  await writeFile(
    join(root, 'corpus/corpus.json'),
    JSON.stringify({
      schema: 'crossover.corpus/1',
      id: 'pages',
      version: '1.0.0',
      categories: ['c1', 'c2', 'c3', 'c4'].map((id) => ({ id, title: id })),
    }),
  );
  await cp(join(REPO, 'fixtures/agents/evidence'), join(root, 'agents/mine'), { recursive: true });
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  await writeFile(
    join(root, 'package.json'),
    JSON.stringify({ name: 'canary-project', private: true, type: 'module' }),
  );
  await writeExperiment(
    root,
    'canary',
    syntheticExperiment({
      id: 'canary',
      stage: 1,
      tasks: tasks.map(([id]) => id),
      agent: { adapter: 'command', command: './agents/mine/agent.sh wrong-fix', version: '1', files: ['agents/mine'] },
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'other', role: 'treatment', allowedTools: ['x'] },
      ],
      credentials: [CANARY_NAME],
      sandbox: 'bubblewrap',
      concurrency: 2,
    }),
  );
  // The agent is a few lines of shell: its 16 trials wait on bubblewrap and their checks, so 4 at once.
  await configure(root, { experiment: 'experiments/canary.ts', concurrency: 4 });
  return root;
}

/** This machine's absolute paths Crossover knows: the project (its state dir, trial dirs and receipts inside), HOME, the tmp dir. */
function machinePaths(root: string, receiptsDir: string): string[] {
  return [root, join(root, '.crossover'), receiptsDir, `${homedir()}/`, `${tmpdir()}/`];
}

interface ReportTask {
  type: string;
  name: string;
  filepath?: string;
  tasks?: ReportTask[];
  meta?: { crossover?: { trialId: string } };
  annotations?: { type: string; message: string; attachment?: { body?: string } }[];
  result?: { errors?: { message: string }[] };
}

function allTests(tasks: readonly ReportTask[]): ReportTask[] {
  return tasks.flatMap((task) => (task.type === 'test' ? [task] : allTests(task.tasks ?? [])));
}

/** What Crossover puts into each test of Vitest's report: its meta, its annotations and its assertion messages. */
function crossoverParts(test: ReportTask): unknown {
  return { meta: test.meta, annotations: test.annotations, errors: test.result?.errors?.map((e) => e.message) };
}

describe("a failed trial's evidence in Vitest's HTML report, crossover show and the trial page", () => {
  it(
    'shows the diff and the failing check, and none of them holds the canary credential or a path of this machine',
    async () => {
      const root = await canaryProject();
      vi.stubEnv(CANARY_NAME, CANARY);
      const verified = await cli(root, ['corpus', 'verify']);
      expect(verified.code, verified.err).toBe(0);
      const run = await vitest(root, [
        'run',
        '--project',
        'small',
        '--reporter=html',
        `--reporter=${REPORTER}`,
        '--outputFile.html=html/index.html',
      ]);
      expect(run.all).toContain('16/16 trials done');

      const base = join(root, '.crossover/canary');
      const dir = join(base, (await readdir(base)).find((name) => /^[0-9a-f]{16}$/.test(name)) as string);
      const receiptsDir = join(dir, 'receipts');
      const names = (await readdir(receiptsDir)).filter((name) => name.endsWith('.json'));
      const receipts = await Promise.all(
        names.map(async (name) => JSON.parse(await readFile(join(receiptsDir, name), 'utf8')) as Receipt),
      );
      expect(receipts).toHaveLength(16);
      const failed = receipts.find(
        (r) => r.trial.arm === 'baseline' && r.trial.repeat === 1 && r.trial.taskId === 'api-a',
      );
      expect(failed?.status, JSON.stringify(failed?.findings)).toBe('failed');
      const { taskId, arm, repeat, id } = (failed as Receipt).trial;
      const forbidden = machinePaths(root, receiptsDir);

      // crossover show, as a user types it from the project root.
      const shown = await cli(root, ['show', `${taskId}/${arm}#${repeat}`]);
      expect(shown.code, shown.err).toBe(0);
      expect(shown.out).toContain(DIFF_LINE);
      expect(shown.out).toContain(CHECK_MESSAGE);

      // The HTML trial page the scorecard's matrix links to.
      const page = await readFile(join(dir, trialPageHref(taskId, arm, repeat)), 'utf8');
      expect(page).toContain(DIFF_LINE);
      expect(page).toContain(CHECK_MESSAGE.replace('<', '&lt;').replace('>', '&gt;'));

      // Vitest's HTML report: its data file, as the report's page loads it.
      const report = gunzipSync(await readFile(join(root, 'html/html.meta.json.gz'))).toString('utf8');
      const data = parse(report) as { files: ReportTask[] };
      const tests = allTests(data.files);
      expect(tests).toHaveLength(16);
      const test = tests.find((t) => t.meta?.crossover?.trialId === id);
      const diff = test?.annotations?.find((a) => a.type === 'crossover:diff');
      expect(diff?.message).toBe('diff: 2 changed: added notes.txt, modified src/pages.js');
      expect(diff?.attachment?.body).toContain(DIFF_LINE);
      expect(test?.result?.errors?.map((e) => e.message).join('\n')).toContain(CHECK_MESSAGE);

      // The agent did print the canary and its paths: the protection, not silence, keeps them out.
      const notes = test?.annotations?.find((a) => a.type === 'crossover:evidence')?.attachment?.body ?? '';
      expect(notes).toContain('key <redacted> in <trial>/');

      // The canary is nowhere: not in show, the trial page, nor anywhere in Vitest's report.
      for (const text of [shown.out, page, report]) expect(text).not.toContain(CANARY);
      // No path of this machine in show, the trial page or anything Crossover put into Vitest's report.
      // Vitest's own records (each test file's path, its source, module graph and config) name the
      // generated test files under the state dir: those are Vitest's, not Crossover's, and stay.
      expect(tests[0]?.filepath ?? data.files[0]?.filepath).toContain(root);
      for (const text of [shown.out, page, JSON.stringify(tests.map(crossoverParts))])
        for (const path of forbidden) expect(text).not.toContain(path);
    },
    RUN_TIMEOUT,
  );
});
