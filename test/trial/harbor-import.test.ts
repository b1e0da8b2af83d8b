import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { TaskSchema } from '../../src/contracts/corpus.js';
import { CorpusImportRecordSchema } from '../../src/contracts/corpus-import.js';
import { CorpusVerificationSchema } from '../../src/contracts/qualification.js';
import { loadTask } from '../../src/corpus/load.js';
import { derivePlan } from '../../src/plan/derive.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { NODE_STAND_IN, PYTHON_STAND_IN, standInImage } from '../container/tasks.js';
import { slugTask, writeFiles } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

/** Stand-ins for the registry images the tasks start FROM (python:3.12-slim, node:20-bookworm): nothing is pulled here. */
const PYTHON_TAG = 'crossover-test/python:3';
const NODE_TAG = 'crossover-test/node:20';

const WC_BUGGY = "def count(text):\n    return len(text.split(' '))\n";
const WC_FIXED = 'def count(text):\n    return len(text.split())\n';

/** A Harbor task of the usual shape whose Dockerfile only copies files: its Python runs on the host's python3. */
const WORD_COUNT = {
  'task.toml':
    'version = "1.0"\n\n[metadata]\ncategory = "programming"\ntags = ["python"]\n\n[verifier]\ntimeout_sec = 60.0\n\n[agent]\ntimeout_sec = 900.0\n\n[environment]\nbuild_timeout_sec = 600.0\ncpus = 1\nmemory_mb = 2048\n',
  'instruction.md':
    '# Word count\n\n`count` in /app/wc.py miscounts words separated by tabs or several spaces. Fix it.\n',
  'environment/Dockerfile': `FROM ${PYTHON_TAG}\nWORKDIR /app\nCOPY app/ /app/\n`,
  'environment/app/wc.py': WC_BUGGY,
  'environment/app/README.md': 'wc: counts words\n',
  'tests/test.sh':
    '#!/bin/bash\ncd /app\nif python3 /tests/test_wc.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi\n',
  'tests/test_wc.py':
    "import sys\nsys.path.insert(0, '/app')\nfrom wc import count\nassert count('a b\\tc') == 3, count('a b\\tc')\nassert count('one') == 1\n",
  'solution/solve.sh': `#!/bin/bash\ncat > /app/wc.py <<'EOF'\n${WC_FIXED}EOF\n`,
};

/** One whose image runs a build step: only the container backend can stand for it. */
const ADDS_USER = {
  'task.toml': 'version = "1.0"\n\n[verifier]\ntimeout_sec = 60.0\n',
  'instruction.md': 'Make /app/report.json list the users.\n',
  'environment/Dockerfile':
    'FROM crossover/bookworm:base\nRUN useradd --create-home reporter\nWORKDIR /app\nCOPY report.json /app/report.json\n',
  'environment/report.json': '{}\n',
  'tests/test.sh':
    '#!/bin/bash\nif grep -q users /app/report.json; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi\n',
  'solution/solve.sh': '#!/bin/bash\necho \'{"users": []}\' > /app/report.json\n',
};

/** Its Dockerfile only copies files, but its solve.sh downloads the fix: the host (no network) cannot make its reference. */
const FETCHES_FIX = {
  'task.toml': 'version = "1.0"\n',
  'instruction.md': 'Fix /app/x.py.\n',
  'environment/Dockerfile': `FROM ${PYTHON_TAG}\nWORKDIR /app\nCOPY x.py /app/x.py\n`,
  'environment/x.py': 'x = 1\n',
  'tests/test.sh': '#!/bin/bash\necho 0 > /logs/verifier/reward.txt\n',
  'solution/solve.sh':
    '#!/bin/bash\nset -e\npython3 -c "import urllib.request; urllib.request.urlopen(\'http://127.0.0.1:9/fix.py\')"\n',
};

async function run(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

describe('crossover corpus import harbor', () => {
  it('imports Harbor tasks with their container environment, makes each reference and verifies each task in its image, and plans them', async () => {
    const root = await tempDir();
    const harbor = join(root, 'harbor');
    await writeFiles(join(harbor, 'word-count'), WORD_COUNT);
    await writeFiles(join(harbor, 'adds-user'), ADDS_USER);
    await writeFiles(join(harbor, 'fetches-fix'), FETCHES_FIX);
    await writeFiles(join(harbor, 'notes'), { 'README.md': 'not a task\n' });
    for (const script of ['word-count/tests/test.sh', 'word-count/solution/solve.sh', 'adds-user/tests/test.sh'])
      await chmod(join(harbor, script), 0o755);
    // A repository task Crossover exported, taken as anyone's Harbor task (its crossover/ folder removed):
    // its test.sh, solve.sh and verdict script run here as Harbor would run them.
    await slugTask(join(root, 'source/tasks/slug'));
    await writeFiles(join(root, 'source'), {
      'corpus.json': JSON.stringify({
        schema: 'crossover.corpus/1',
        id: 's',
        version: '1',
        categories: [{ id: 'boundary-logic', title: 'B' }],
      }),
    });
    expect((await run(['corpus', 'export', 'harbor', '--corpus', 'source', '--out', 'exported'], root)).code).toBe(0);
    await rm(join(root, 'exported/slug/crossover'), { recursive: true });
    // Its node:20-bookworm cannot be pulled here: it starts FROM a stand-in with the host's Node instead.
    const exportedDockerfile = join(root, 'exported/slug/environment/Dockerfile');
    const exportedText = await readFile(exportedDockerfile, 'utf8');
    expect(exportedText).toContain('FROM node:20-bookworm\n');
    await writeFile(exportedDockerfile, exportedText.replace('FROM node:20-bookworm\n', `FROM ${NODE_TAG}\n`));

    // Each solve.sh runs in its task's image, built at import: the stand-ins it starts FROM are here first.
    await Promise.all([standInImage(PYTHON_TAG, PYTHON_STAND_IN), standInImage(NODE_TAG, NODE_STAND_IN)]);
    const imported = await run(['corpus', 'import', 'harbor', 'harbor'], root);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toBe(
      '3 of 4 Harbor tasks imported into corpus-imported, 1 excluded (reasons in corpus-imported/import-record.json)\n',
    );
    const again = await run(['corpus', 'import', 'harbor', 'exported/slug'], root);
    expect(again.code, again.err).toBe(0);
    const record = CorpusImportRecordSchema.parse(
      JSON.parse(await readFile(join(root, 'corpus-imported/import-record.json'), 'utf8')),
    );
    expect(record.excluded).toEqual([
      { source: 'notes', kind: 'harbor', reason: 'no task.toml: not a Harbor task directory' },
    ]);
    expect(record.imported.find((entry) => entry.id === 'adds-user')).not.toHaveProperty('notes');
    expect(await readFile(join(root, 'corpus-imported/tasks/adds-user/reference/report.json'), 'utf8')).toBe(
      '{"users": []}\n',
    );
    expect(record.imported.find((entry) => entry.id === 'fetches-fix')!.notes).toEqual([
      expect.stringMatching(/^no reference: solution\/solve\.sh failed in the task's image \(exit 1\): /),
    ]);
    expect(record.imported.find((entry) => entry.id === 'word-count')!.notes).toEqual([
      "the agent's 900 s limit is clamped to Crossover's 600 s",
    ]);

    const dir = join(root, 'corpus-imported/tasks/word-count');
    const task = TaskSchema.parse(JSON.parse(await readFile(join(dir, 'task.json'), 'utf8')));
    expect(task).toMatchObject({
      timeoutSec: 600,
      surface: 'cli',
      environment: { dockerfile: 'environment/Dockerfile' },
      repository: {
        test: {
          command: 'bash /tests/test.sh',
          format: 'harbor-reward',
          resultFile: 'reward.txt',
          timeoutSec: 60,
          workdir: '/app',
        },
        failToPass: ['reward'],
        passToPass: [],
      },
      source: { kind: 'harbor', instance: 'word-count' },
    });
    expect(await readFile(join(dir, 'workspace/wc.py'), 'utf8')).toBe(WC_BUGGY);
    expect(await readFile(join(dir, 'reference/wc.py'), 'utf8')).toBe(WC_FIXED); // what solve.sh wrote
    expect(await readFile(join(dir, 'checks/.harbor/tests/test_wc.py'), 'utf8')).toBe(WORD_COUNT['tests/test_wc.py']);
    expect(await readFile(join(dir, 'environment/Dockerfile'), 'utf8')).toBe(WORD_COUNT['environment/Dockerfile']);

    // Verified in each task's image (all built at import: env build finds them present).
    const built = await run(['env', 'build', '--corpus', 'corpus-imported'], root);
    expect(built.code, built.out + built.err).toBe(0);
    expect(built.out + built.err).not.toContain(': building');
    const verified = await run(['corpus', 'verify', '--corpus', 'corpus-imported', '--json'], root);
    const verification = CorpusVerificationSchema.parse(JSON.parse(verified.out));
    const byId = new Map(verification.tasks.map((entry) => [entry.id, entry]));
    expect(byId.get('word-count')).toMatchObject({ qualified: true, reasons: [] });
    expect(byId.get('slug')).toMatchObject({ qualified: true, reasons: [] });
    expect(byId.get('adds-user')).toMatchObject({ qualified: true, reasons: [] });
    // No reference could be made: not qualified, and it says why.
    expect(byId.get('fetches-fix')!.qualified).toBe(false);
    expect(byId.get('fetches-fix')!.reasons).toContain("check 'reward' fails on the reference: the test failed");

    // A trial in the task's image, graded by its own test.sh in a fresh one: the tree at /app, its tests at /tests.
    const wordCount = await loadTask(dir);
    const trial = async (command: string) => {
      const { receipt } = await runAdHocTrial({
        root,
        task: wordCount,
        command,
        sandbox: 'container',
        timeoutMs: 60_000,
        readOnly: [],
        loopback: false,
      });
      return receipt;
    };
    const [fixing, noop] = await Promise.all([trial(`printf %s '${WC_FIXED}' > wc.py`), trial('true')]);
    expect(fixing).toMatchObject({ status: 'passed', checksRun: 1 });
    expect(noop.status).toBe('failed');

    await writeFiles(root, {
      'experiments/prompts/default.md': '{{task.prompt}}\n',
      'experiments/harbor.ts': `import { defineExperiment } from 'crossover';\nexport default defineExperiment(${JSON.stringify(
        {
          id: 'harbor',
          stage: 0,
          corpus: '../corpus-imported',
          agent: { adapter: 'synthetic', behavior: 'reference' },
          arms: [
            { id: 'reference', role: 'baseline' },
            { id: 'noop', role: 'treatment', agent: { adapter: 'synthetic', behavior: 'noop' } },
          ],
          repeats: 1,
          promptTemplate: 'prompts/default.md',
          sandbox: 'container',
        },
      )});\n`,
    });
    const planned = await derivePlan({ experimentFile: 'experiments/harbor.ts', root });
    expect(planned.plan.tasks.map((entry) => entry.id)).toEqual(['adds-user', 'fetches-fix', 'slug', 'word-count']);
    expect(planned.plan.tasks.find((entry) => entry.id === 'word-count')!.digest).toBe(byId.get('word-count')!.digest);
    // Imported again, each task already there is kept and said so; a folder that is no task, why not.
    const repeated = await run(['corpus', 'import', 'harbor', 'harbor'], root);
    expect(repeated.err).toContain('[1/4] notes excluded: no task.toml: not a Harbor task directory\n');
    expect(repeated.err).toContain('] word-count word-count: already in the corpus, kept\n');
  }, 600_000);

  it('with no container engine, makes the reference on the host when the Dockerfile only copies files, and notes the rest', async () => {
    vi.stubEnv('CROSSOVER_CONTAINER_ENGINE', '/nowhere/docker');
    try {
      const root = await tempDir();
      await writeFiles(join(root, 'harbor/word-count'), WORD_COUNT);
      await writeFiles(join(root, 'harbor/adds-user'), ADDS_USER);
      await chmod(join(root, 'harbor/word-count/solution/solve.sh'), 0o755);
      const imported = await run(['corpus', 'import', 'harbor', 'harbor'], root);
      expect(imported.code, imported.err).toBe(0);
      const record = CorpusImportRecordSchema.parse(
        JSON.parse(await readFile(join(root, 'corpus-imported/import-record.json'), 'utf8')),
      );
      expect(await readFile(join(root, 'corpus-imported/tasks/word-count/reference/wc.py'), 'utf8')).toBe(WC_FIXED);
      expect(record.imported.find((entry) => entry.id === 'word-count')!.notes).toEqual([
        expect.stringMatching(
          /^the reference was made on the host's toolchain: the image is not here \(no container engine at \/nowhere\/docker: /,
        ),
        "the agent's 900 s limit is clamped to Crossover's 600 s",
      ]);
      expect(record.imported.find((entry) => entry.id === 'adds-user')!.notes).toEqual([
        expect.stringMatching(
          /^no reference: its Dockerfile has RUN useradd --create-home reporter, which only its image can stand for, and the image is not here \(no container engine at \/nowhere\/docker: /,
        ),
      ]);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 120_000);
});
