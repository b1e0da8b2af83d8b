import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { TaskSchema } from '../../src/contracts/corpus.js';
import { CorpusVerificationSchema } from '../../src/contracts/qualification.js';
import { gitRepository } from '../helpers/git-repository.js';
import { tempDir } from '../helpers/temp.js';

const BUGGY = "exports.slug = (text) => text.toLowerCase().replace(' ', '-');\n";
const FIXED = "exports.slug = (text) => text.trim().toLowerCase().split(/\\s+/).join('-');\n";
/** tape prints every assertion as "ok <n> should be strictly equal": only the test comment and the index tell them apart. */
const OLD_TESTS = `const test = require('tape');
const { slug } = require('../src/slug.js');
test('slug', (t) => {
  t.equal(slug('Hello'), 'hello');
  t.equal(slug('a b'), 'a-b');
  t.end();
});
`;
const NEW_TESTS = `${OLD_TESTS}test('slug joins every word', (t) => {
  t.equal(slug('a b c'), 'a-b-c');
  t.equal(slug(' a '), 'a');
  t.end();
});
`;
/** No lockfile, and a dev dependency only a git host serves: the two setups issue 37 met on a real library. */
const MANIFEST = {
  name: 'slug',
  version: '1.0.0',
  devDependencies: { tape: '5.10.2', 'tape-helper': 'git+ssh://git@github.com/example/tape-helper.git' },
};

async function run(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

describe('an npm repository with tape tests, no lockfile and a git URL dependency', () => {
  it('is refused naming the dependency, then imports with the declared override: a resolved lockfile bound, tape checks named apart', async () => {
    const { repo, commits } = await gitRepository([
      {
        message: 'slug: first version',
        files: {
          'package.json': `${JSON.stringify(MANIFEST, null, 2)}\n`,
          'src/slug.js': BUGGY,
          'test/slug.test.js': OLD_TESTS,
        },
      },
      { message: 'slug: join every word', files: { 'src/slug.js': FIXED, 'test/slug.test.js': NEW_TESTS } },
    ]);
    const root = await tempDir();
    const importing = (...more: string[]) =>
      run(
        [
          'task',
          'import',
          '--repo',
          repo,
          '--base',
          commits[0]!,
          '--fix',
          commits[1]!,
          '--id',
          'slug-words',
          '--setup',
          'npm ci --ignore-scripts --no-audit --no-fund',
          '--test',
          'tape "test/**/*.test.js" > "$CROSSOVER_RESULTS/tap.txt"',
          '--format',
          'tap',
          '--result',
          'tap.txt',
          ...more,
        ],
        root,
      );
    const refused = await importing();
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      'setup needs the network for something other than the package registry: "tape-helper" is git+ssh://git@github.com/example/tape-helper.git (package.json devDependencies)',
    );
    expect(refused.err).toContain('--override tape-helper=-');
    await expect(stat(join(root, 'corpus-imported/tasks/slug-words'))).rejects.toThrow();

    const imported = await importing('--override', 'tape-helper=-');
    expect(imported.code, imported.err).toBe(0);
    const dir = join(root, 'corpus-imported/tasks/slug-words');
    const task = TaskSchema.parse(JSON.parse(await readFile(join(dir, 'task.json'), 'utf8')));
    expect(task.source!.overrides).toEqual([
      'package.json devDependencies.tape-helper: git+ssh://git@github.com/example/tape-helper.git → dropped',
      'package-lock.json resolved at import: the repository has no lockfile',
    ]);
    // The resolved lockfile is part of the starting tree (bound by the task digest), and the setup reads only it and the manifest.
    const lock = JSON.parse(await readFile(join(dir, 'workspace/package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/tape'].version).toBe('5.10.2');
    expect(task.repository!.setup!.inputs).toEqual(['package.json', 'package-lock.json']);
    // Three runs of each tree, every assertion its own check, the same names each run (nothing flaky).
    expect(task.repository!.failToPass).toEqual([
      'slug joins every word > assertion 1: should be strictly equal',
      'slug joins every word > assertion 2: should be strictly equal',
    ]);
    expect(task.repository!.passToPass).toEqual([
      'slug > assertion 1: should be strictly equal',
      'slug > assertion 2: should be strictly equal',
    ]);
    expect(task.repository!.excluded).toBeUndefined();

    const verified = await run(['corpus', 'verify', '--corpus', 'corpus-imported', '--json'], root);
    expect(verified.code, verified.err).toBe(0);
    expect(CorpusVerificationSchema.parse(JSON.parse(verified.out)).tasks[0]!.languages).toEqual([
      { language: 'JavaScript', files: 2 },
    ]);
  }, 600_000);
});
