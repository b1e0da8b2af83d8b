import type { TestResults } from '../grading/test-results.js';

/** A test left out of both check lists, with the reason. */
export interface ExcludedTest {
  id: string;
  reason: string;
}

/** What each run of the suite gave on the base tree (the fix's tests over the base) and on the fix. */
export interface SuiteRuns {
  base: readonly TestResults[];
  fix: readonly TestResults[];
}

/** Check lists a source declares (SWE-bench's FAIL_TO_PASS and PASS_TO_PASS): only these are candidates. */
export interface DeclaredTests {
  failToPass: readonly string[];
  passToPass: readonly string[];
}

export interface TestClassification {
  failToPass: string[];
  passToPass: string[];
  excluded: ExcludedTest[];
}

/** Passed in each run (a test absent from a run's results did not pass). */
function passes(runs: readonly TestResults[], id: string): boolean[] {
  return runs.map((results) => results.get(id) === 'pass');
}

function steady(outcomes: readonly boolean[]): boolean {
  return outcomes.every((passed) => passed === outcomes[0]);
}

/** Why a test whose result is the same on every fix run is no check when it does not pass there. */
function notPassingOnFix(runs: readonly TestResults[], id: string): string {
  const outcome = runs[0]!.get(id);
  if (outcome === undefined) return 'not in the results with the fix applied';
  return outcome === 'skip' ? 'skipped with the fix applied' : 'fails with the fix applied';
}

/**
 * Sorts tests into fail-to-pass (failed on every base run, passed on every fix run), pass-to-pass
 * (passed on every run of both) and excluded: flaky (passed on some runs of one tree and not on
 * others), failing with the fix, or (for declared lists) not behaving as declared. Pure.
 */
export function classifyTests(runs: SuiteRuns, declared?: DeclaredTests): TestClassification {
  const ids = declared
    ? [...new Set([...declared.failToPass, ...declared.passToPass])]
    : [...new Set(runs.fix.flatMap((results) => [...results.keys()]))];
  const result: TestClassification = { failToPass: [], passToPass: [], excluded: [] };
  for (const id of ids.sort()) {
    const onBase = passes(runs.base, id);
    const onFix = passes(runs.fix, id);
    const flaky = (tree: string, outcomes: boolean[]) =>
      `flaky: passed ${outcomes.filter(Boolean).length} of ${outcomes.length} runs on the ${tree}`;
    if (!steady(onFix)) result.excluded.push({ id, reason: flaky('fix', onFix) });
    else if (!steady(onBase)) result.excluded.push({ id, reason: flaky('base', onBase) });
    else if (!onFix[0]) result.excluded.push({ id, reason: notPassingOnFix(runs.fix, id) });
    else if (declared?.failToPass.includes(id) && onBase[0])
      result.excluded.push({ id, reason: 'declared fail-to-pass but passes on the base' });
    else if (declared?.passToPass.includes(id) && !declared.failToPass.includes(id) && !onBase[0])
      result.excluded.push({ id, reason: 'declared pass-to-pass but fails on the base' });
    else (onBase[0] ? result.passToPass : result.failToPass).push(id);
  }
  return result;
}
