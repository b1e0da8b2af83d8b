import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { HarborTaskTomlSchema } from '../../src/contracts/harbor.js';
import { loadCorpus } from '../../src/corpus/load.js';
import { tempDir } from '../helpers/temp.js';

const REPO = join(import.meta.dirname, '../..');

async function run(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

describe('crossover corpus export harbor, then import harbor', () => {
  it('writes the bundled repository tasks as Harbor tasks that import back to the same task digests', async () => {
    const root = await tempDir();
    const original = await loadCorpus(join(REPO, 'corpus-repositories'));
    const exported = await run(
      ['corpus', 'export', 'harbor', '--corpus', join(REPO, 'corpus-repositories'), '--out', 'harbor'],
      root,
    );
    expect(exported).toMatchObject({ code: 0, out: '3 of 3 tasks written as Harbor tasks into harbor\n', err: '' });

    // Harbor's own files, as Harbor reads them.
    const dir = join(root, 'harbor/backup-retention-weeks');
    const toml = HarborTaskTomlSchema.parse(parseToml(await readFile(join(dir, 'task.toml'), 'utf8')));
    expect(toml).toMatchObject({ version: '1.0', agent: { timeout_sec: 300 }, verifier: { timeout_sec: 180 } });
    expect(await readFile(join(dir, 'instruction.md'), 'utf8')).toBe(
      await readFile(join(REPO, 'corpus-repositories/tasks/backup-retention-weeks/prompt.md'), 'utf8'),
    );
    expect(await readFile(join(dir, 'environment/Dockerfile'), 'utf8')).toMatch(
      /^FROM node:20-bookworm\nWORKDIR \/app\nCOPY workspace\/ \/app\/\nRUN npm ci --ignore-scripts --no-audit --no-fund\n$/m,
    );
    for (const script of ['tests/test.sh', 'solution/solve.sh'])
      expect((await stat(join(dir, script))).mode & 0o111).toBe(0o111);
    expect(await readFile(join(dir, 'tests/test.sh'), 'utf8')).toContain('> /logs/verifier/reward.txt');

    const imported = await run(['corpus', 'import', 'harbor', 'harbor', '--corpus', 'back'], root);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toBe(
      '3 of 3 Harbor tasks imported into back, 0 excluded (reasons in back/import-record.json)\n',
    );
    const back = await loadCorpus(join(root, 'back'));
    expect(back.refused).toEqual([]);
    expect(back.tasks.map((task) => [task.task.id, task.digest])).toEqual(
      original.tasks.map((task) => [task.task.id, task.digest]),
    );
  });

  it('lists a compact task as not exported, with why', async () => {
    const root = await tempDir();
    const result = await run(
      ['corpus', 'export', 'harbor', '--corpus', join(REPO, 'corpus'), '--task', 'api-batch-order', '--out', 'harbor'],
      root,
    );
    expect(result).toMatchObject({
      code: 0,
      out: '0 of 1 tasks written as Harbor tasks into harbor\n',
      err: "not exported: api-batch-order: a compact task: its checks are Crossover check modules, which Harbor's verifier cannot run\n",
    });
  });
});
