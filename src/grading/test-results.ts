import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { TestResultFormat } from '../contracts/corpus.js';

/** How one test ended, as its runner reported it. Only `pass` ever counts as a pass. */
export type TestOutcome = 'pass' | 'fail' | 'skip';

/** Test id → outcome. A test reported twice (same names in two files) keeps its worst outcome. */
export type TestResults = Map<string, TestOutcome>;

/** The result file is not what its format says: no test can be trusted to have run. */
export class MalformedResults extends Error {}

const SEPARATOR = ' > ';
const RANK: Record<TestOutcome, number> = { pass: 0, skip: 1, fail: 2 };

function record(results: TestResults, parts: readonly string[], outcome: TestOutcome): void {
  const id = parts
    .map((part) => part.trim())
    .filter((part, index, all) => part !== '' && part !== all[index - 1])
    .join(SEPARATOR);
  if (id === '') return;
  const before = results.get(id);
  if (before === undefined || RANK[outcome] > RANK[before]) results.set(id, outcome);
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
 * node:test names every testcase's classname "test"; that carries nothing, so it is left out of
 * the id. Other runners put the module or class there (pytest: "tests.test_calc.TestAdd").
 */
function classPart(testcase: XmlNode): string {
  const classname = attribute(testcase, 'classname');
  return classname === 'test' ? '' : classname;
}

function junitCase(results: TestResults, suites: readonly string[], testcase: XmlNode): void {
  const failed = 'failure' in testcase || 'error' in testcase;
  const skipped = 'skipped' in testcase;
  const outcome: TestOutcome = failed ? 'fail' : skipped ? 'skip' : 'pass';
  record(results, [...suites, classPart(testcase), attribute(testcase, 'name')], outcome);
}

function junitSuite(results: TestResults, suites: readonly string[], node: XmlNode, isRoot: boolean): void {
  const name = attribute(node, 'name');
  // pytest's single suite is named "pytest"; Vitest and Jest name the file. Nested suites are describes.
  const path = isRoot || name === 'pytest' ? suites : [...suites, name];
  for (const testcase of children(node, 'testcase')) junitCase(results, path, testcase);
  for (const suite of children(node, 'testsuite')) junitSuite(results, path, suite, false);
}

/**
 * JUnit XML: <testsuites> (or a lone <testsuite>) holding testcases, suites nested in suites
 * (node:test). A testcase with <failure> or <error> failed, one with <skipped> did not run.
 */
export function parseJunit(text: string): TestResults {
  if (XMLValidator.validate(text) !== true) throw new MalformedResults('the JUnit result file is not well-formed XML');
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', processEntities: true }).parse(
    text,
  ) as XmlNode;
  const results: TestResults = new Map();
  if ('testsuites' in parsed) {
    const root = children(parsed, 'testsuites')[0] ?? {};
    for (const testcase of children(root, 'testcase')) junitCase(results, [], testcase);
    for (const suite of children(root, 'testsuite')) junitSuite(results, [], suite, false);
  } else if ('testsuite' in parsed) {
    for (const suite of children(parsed, 'testsuite')) junitSuite(results, [], suite, true);
  } else throw new MalformedResults('the JUnit result file has no <testsuites> or <testsuite> element');
  return results;
}

interface TapLine {
  depth: number;
  ok: boolean;
  name: string;
  directive: 'skip' | 'todo' | null;
}

const TAP_RESULT = /^(\s*)(not ok|ok)\b\s*\d*\s*(?:-\s*)?(.*?)(?:\s+#\s*(SKIP|TODO)\b.*)?$/i;

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

/**
 * TAP 13/14: each "ok"/"not ok" line is a test; subtests are indented and come before their
 * parent's line, so a line that closes deeper lines is a suite and names its children's ids.
 * A SKIP or TODO directive did not pass.
 */
export function parseTap(text: string): TestResults {
  const lines = text.split('\n');
  if (!lines.some((line) => /^\s*(TAP version \d+|1\.\.\d+)/.test(line)))
    throw new MalformedResults('the TAP result file has no "TAP version" or plan line');
  const results: TestResults = new Map();
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
      entries.push({ parts: [line.name], outcome });
    }
    pending.set(line.depth, entries);
  }
  for (const entries of pending.values()) for (const entry of entries) record(results, entry.parts, entry.outcome);
  return results;
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
  const results: TestResults = new Map();
  for (const file of files) {
    const assertions = (file as { assertionResults?: unknown })?.assertionResults;
    if (!Array.isArray(assertions)) throw new MalformedResults('a testResults entry has no assertionResults array');
    for (const assertion of assertions as JestAssertion[]) {
      const ancestors = Array.isArray(assertion.ancestorTitles) ? assertion.ancestorTitles.map(String) : [];
      const outcome: TestOutcome =
        assertion.status === 'passed' ? 'pass' : assertion.status === 'failed' ? 'fail' : 'skip';
      record(results, [...ancestors, String(assertion.title ?? '')], outcome);
    }
  }
  return results;
}

/** The results in a file of the given format; MalformedResults when it is not one. */
export function parseTestResults(format: TestResultFormat, text: string): TestResults {
  if (format === 'junit') return parseJunit(text);
  if (format === 'tap') return parseTap(text);
  return parseJestJson(text);
}
