import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { TestResultFormat } from '../contracts/corpus.js';

/** How one test ended, as its runner reported it. Only `pass` ever counts as a pass. */
export type TestOutcome = 'pass' | 'fail' | 'skip';

/** Test id → outcome, in the order the result file reports them. */
export type TestResults = Map<string, TestOutcome>;

/** The result file is not what its format says: no test can be trusted to have run. */
export class MalformedResults extends Error {}

const SEPARATOR = ' > ';

/**
 * Collects ids as a result file reports them. A name reported again (the same test name in two
 * files, which node:test's reporters do not tell apart) gets " #2", " #3", … in report order, so
 * every test keeps an id of its own, the same one each run as long as the runner reports in the
 * same order (node:test, pytest, Jest and tape report files in a fixed order; an order that
 * changes shows up as a flaky test when a tree is run several times).
 */
class ResultsBuilder {
  readonly results: TestResults = new Map();
  private readonly seen = new Map<string, number>();

  record(parts: readonly string[], outcome: TestOutcome): void {
    const id = parts
      .map((part) => part.trim())
      .filter((part, index, all) => part !== '' && part !== all[index - 1])
      .join(SEPARATOR);
    if (id === '') return;
    let count = this.seen.get(id) ?? 0;
    let unique = id;
    // A test literally named "x #2" beside two tests named "x" moves on to "x #3".
    while (this.results.has(unique)) unique = `${id} #${++count + 1}`;
    this.seen.set(id, count);
    this.results.set(unique, outcome);
  }
}

type XmlNode = Record<string, unknown>;

function children(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) =>
    typeof v === 'object' && v !== null ? v : {},
  ) as XmlNode[];
}

function attribute(node: XmlNode, name: string): string {
  const value = node[`@_${name}`];
  return value === undefined ? '' : String(value);
}

/**
 * pytest's node id (`tests/test_calc.py::TestAdd::test_small[1-2]`), the name pytest, SWE-bench
 * and a `pytest <node id>` command line use, from a JUnit testcase: its `file` attribute
 * (`-o junit_family=xunit1`) gives the module's path; without it (xunit2, pytest's default) the
 * classname's trailing segments that start with an upper-case letter are the classes (pytest
 * collects classes named `Test*`) and the rest is the module's dotted path.
 */
export function pytestNodeId(classname: string, name: string, file = ''): string {
  if (classname === '') return name;
  const segments = classname.split('.');
  const fromFile = file.replace(/\.py$/, '').split('/').join('.');
  let modules: number;
  if (file !== '' && (classname === fromFile || classname.startsWith(`${fromFile}.`)))
    modules = fromFile.split('.').length;
  else {
    modules = segments.length;
    while (modules > 1 && /^[A-Z]/.test(segments[modules - 1]!)) modules -= 1;
  }
  const path = file !== '' ? file : `${segments.slice(0, modules).join('/')}.py`;
  return [path, ...segments.slice(modules), name].join('::');
}

/**
 * node:test names every testcase's classname "test"; that carries nothing, so it is left out of
 * the id. Other runners put the module or class there.
 */
function classPart(testcase: XmlNode): string {
  const classname = attribute(testcase, 'classname');
  return classname === 'test' ? '' : classname;
}

function junitCase(results: ResultsBuilder, suites: readonly string[], testcase: XmlNode, pytest: boolean): void {
  const failed = 'failure' in testcase || 'error' in testcase;
  const skipped = 'skipped' in testcase;
  const outcome: TestOutcome = failed ? 'fail' : skipped ? 'skip' : 'pass';
  const name = attribute(testcase, 'name');
  if (pytest)
    results.record([pytestNodeId(attribute(testcase, 'classname'), name, attribute(testcase, 'file'))], outcome);
  else results.record([...suites, classPart(testcase), name], outcome);
}

function junitSuite(results: ResultsBuilder, suites: readonly string[], node: XmlNode, isRoot: boolean): void {
  const name = attribute(node, 'name');
  // pytest's single suite is named "pytest" and its tests are named by node id; Vitest and Jest
  // name the file. Nested suites are describes.
  const pytest = name === 'pytest';
  const path = isRoot || pytest ? suites : [...suites, name];
  for (const testcase of children(node, 'testcase')) junitCase(results, path, testcase, pytest);
  for (const suite of children(node, 'testsuite')) junitSuite(results, path, suite, false);
}

/**
 * JUnit XML: <testsuites> (or a lone <testsuite>) holding testcases, suites nested in suites
 * (node:test). A testcase with <failure> or <error> failed, one with <skipped> did not run. Ids:
 * the suites and classname and name joined by " > "; pytest's, its node ids.
 */
export function parseJunit(text: string): TestResults {
  if (XMLValidator.validate(text) !== true) throw new MalformedResults('the JUnit result file is not well-formed XML');
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', processEntities: true }).parse(
    text,
  ) as XmlNode;
  const results = new ResultsBuilder();
  if ('testsuites' in parsed) {
    const root = children(parsed, 'testsuites')[0] ?? {};
    for (const testcase of children(root, 'testcase')) junitCase(results, [], testcase, false);
    for (const suite of children(root, 'testsuite')) junitSuite(results, [], suite, false);
  } else if ('testsuite' in parsed) {
    for (const suite of children(parsed, 'testsuite')) junitSuite(results, [], suite, true);
  } else throw new MalformedResults('the JUnit result file has no <testsuites> or <testsuite> element');
  return results.results;
}

interface TapLine {
  depth: number;
  ok: boolean;
  name: string;
  directive: 'skip' | 'todo' | null;
}

/** A directive's `#` follows whitespace or nothing (`ok 5 # SKIP`); a `#` inside a name is escaped (`\#`). */
const TAP_RESULT = /^(\s*)(not ok|ok)\b\s*\d*\s*(?:-\s*)?(.*?)(?:(?<!\S)#\s*(SKIP|TODO)\b.*)?$/i;
/** A comment at the left margin: tape's test name (`# parses a line`); node:test's `# Subtest:` announces an ok line that names itself. */
const TAP_COMMENT = /^#\s*(.*?)\s*$/;

function tapLine(line: string): TapLine | null {
  const match = TAP_RESULT.exec(line);
  if (!match) return null;
  const directive = match[4]?.toLowerCase();
  return {
    depth: match[1]!.replace(/\t/g, '    ').length,
    ok: match[2]!.toLowerCase() === 'ok',
    name: match[3]!.replace(/\\#/g, '#'),
    directive: directive === 'skip' || directive === 'todo' ? directive : null,
  };
}

/** tape names a test by a comment and its assertions by their messages: each assertion is "<test> > assertion <n>: <message>". */
class TapeNames {
  private test: string | null = null;
  private index = 0;

  comment(line: string): void {
    const match = TAP_COMMENT.exec(line);
    if (!match || /^Subtest:/.test(match[1]!)) return;
    this.test = match[1]!;
    this.index = 0;
  }

  parts(message: string): string[] {
    if (this.test === null) return [message];
    this.index += 1;
    return [this.test, `assertion ${this.index}${message === '' ? '' : `: ${message}`}`];
  }
}

/**
 * TAP 13/14: each "ok"/"not ok" line is a test; subtests are indented and come before their
 * parent's line, so a line that closes deeper lines is a suite and names its children's ids.
 * A SKIP or TODO directive did not pass. tape's flat assertions are named by the test comment
 * above them and their index in it (TapeNames).
 */
export function parseTap(text: string): TestResults {
  const lines = text.split('\n');
  if (!lines.some((line) => /^\s*(TAP version \d+|1\.\.\d+)/.test(line)))
    throw new MalformedResults('the TAP result file has no "TAP version" or plan line');
  const results = new ResultsBuilder();
  const tape = new TapeNames();
  // Per depth, the results seen since that depth's parent last closed: leaves and closed suites.
  const pending = new Map<number, { parts: string[]; outcome: TestOutcome }[]>();
  let yaml = false; // inside a "---" … "..." diagnostics block, whose lines are never results
  for (const raw of lines) {
    const trimmed = raw.trim();
    if (yaml) {
      if (trimmed === '...') yaml = false;
      continue;
    }
    if (trimmed === '---') {
      yaml = true;
      continue;
    }
    if (raw.startsWith('#')) tape.comment(raw);
    const line = tapLine(raw);
    if (!line) continue;
    const deeper = [...pending.keys()].filter((depth) => depth > line.depth).sort((a, b) => a - b);
    const inner = deeper.flatMap((depth) => pending.get(depth) ?? []);
    for (const depth of deeper) pending.delete(depth);
    const entries = pending.get(line.depth) ?? [];
    if (inner.length > 0)
      for (const child of inner) entries.push({ parts: [line.name, ...child.parts], outcome: child.outcome });
    else {
      const outcome: TestOutcome = line.directive ? 'skip' : line.ok ? 'pass' : 'fail';
      entries.push({ parts: line.depth === 0 ? tape.parts(line.name) : [line.name], outcome });
    }
    pending.set(line.depth, entries);
  }
  for (const entries of pending.values()) for (const entry of entries) results.record(entry.parts, entry.outcome);
  return results.results;
}

interface JestAssertion {
  ancestorTitles?: unknown;
  title?: unknown;
  status?: unknown;
}

/** Jest's and Vitest's JSON reporter: testResults[].assertionResults[] with ancestorTitles, title, status. */
export function parseJestJson(text: string): TestResults {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new MalformedResults('the JSON result file is not valid JSON');
  }
  const files = (parsed as { testResults?: unknown })?.testResults;
  if (!Array.isArray(files)) throw new MalformedResults('the JSON result file has no testResults array');
  const results = new ResultsBuilder();
  for (const file of files) {
    const assertions = (file as { assertionResults?: unknown })?.assertionResults;
    if (!Array.isArray(assertions)) throw new MalformedResults('a testResults entry has no assertionResults array');
    for (const assertion of assertions as JestAssertion[]) {
      const ancestors = Array.isArray(assertion.ancestorTitles) ? assertion.ancestorTitles.map(String) : [];
      const outcome: TestOutcome =
        assertion.status === 'passed' ? 'pass' : assertion.status === 'failed' ? 'fail' : 'skip';
      results.record([...ancestors, String(assertion.title ?? '')], outcome);
    }
  }
  return results.results;
}

/** The check a Harbor reward.txt grades: the task's one reward. */
export const REWARD_CHECK = 'reward';

/**
 * A Harbor verifier's reward: reward.txt holds one number (the check "reward"), reward.json an
 * object of names to numbers (a check each). Only a reward of exactly 1 passes: a partial reward
 * (0.75) is not a solved task.
 */
export function parseReward(text: string): TestResults {
  const trimmed = text.trim();
  const results = new ResultsBuilder();
  const outcome = (value: unknown): TestOutcome => (value === 1 ? 'pass' : 'fail');
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) {
    results.record([REWARD_CHECK], outcome(Number(trimmed)));
    return results.results;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    throw new MalformedResults('the reward file holds neither a number nor a JSON object of numbers');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new MalformedResults('the reward file holds neither a number nor a JSON object of numbers');
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'number') throw new MalformedResults(`the reward "${name}" is not a number`);
    results.record([name], outcome(value));
  }
  return results.results;
}

/** The results in a file of the given format; MalformedResults when it is not one. */
export function parseTestResults(format: TestResultFormat, text: string): TestResults {
  if (format === 'junit') return parseJunit(text);
  if (format === 'tap') return parseTap(text);
  if (format === 'harbor-reward') return parseReward(text);
  return parseJestJson(text);
}
