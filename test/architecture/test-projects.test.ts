import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { TEST_PROJECTS } from '../projects.js';

const REPO = join(import.meta.dirname, '../..');

/** Every test file under test/, whatever its folder, the way Vitest names test files by default. */
const ALL_TESTS = '**/*.{test,spec}.?(c|m)[jt]s?(x)';

/** Files in no project would never run; files in two would run twice and blur what each project means. */
function membershipProblems(files: readonly string[], projects: Record<string, readonly string[]>): string[] {
  return files.flatMap((file) => {
    const owners = Object.keys(projects).filter((name) => projects[name]!.includes(file));
    if (owners.length === 1) return [];
    return [`${file}: in ${owners.length === 0 ? 'no project' : `${owners.join(' and ')}`}`];
  });
}

function projectFiles(): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(TEST_PROJECTS).map(([name, { include }]) => [name, globSync([...include], { cwd: REPO })]),
  );
}

describe('every test file belongs to exactly one of unit, system and e2e', () => {
  it('holds for the files under test/', () => {
    const files = globSync(ALL_TESTS, { cwd: join(REPO, 'test') }).map((file) => `test/${file}`);
    expect(files.length).toBeGreaterThan(50);
    expect(membershipProblems(files, projectFiles())).toEqual([]);
  });

  it('names a file no project includes, and a file two projects include', () => {
    const problems = membershipProblems(['test/new-layer/a.test.ts', 'test/plan/b.test.ts', 'test/score/c.test.ts'], {
      unit: ['test/plan/b.test.ts', 'test/score/c.test.ts'],
      system: ['test/plan/b.test.ts'],
    });
    expect(problems).toEqual(['test/new-layer/a.test.ts: in no project', 'test/plan/b.test.ts: in unit and system']);
  });
});
