/**
 * The sentinel tests written in a hidden test file's own language and with its own bindings: the
 * function it registers tests with and the assertions it calls, reused by name in the same module,
 * so a change to how that file's tests are judged (an assert turned into a no-op, a report hook, a
 * patched reporter) changes the sentinels' results too. One sentinel passes; the others fail, one
 * by a plain throw and one per assertion method the file uses.
 */

/** One planted test: the token its id carries, and how it must end. */
export interface PlannedSentinel {
  token: string;
  expect: 'pass' | 'fail';
  /** what it exercises, for a finding: "a plain throw", "assert.equal" */
  what: string;
}

export interface SentinelBlock {
  /** appended to the file */
  code: string;
  sentinels: PlannedSentinel[];
}

/** Failing calls of node:assert's (and chai's assert's) methods, `X` the binding. */
const ASSERT_CALLS: Readonly<Record<string, string>> = {
  ok: 'X.ok(false)',
  equal: 'X.equal(1, 2)',
  notEqual: 'X.notEqual(1, 1)',
  strictEqual: 'X.strictEqual(1, 2)',
  notStrictEqual: 'X.notStrictEqual(1, 1)',
  deepEqual: 'X.deepEqual({ a: 1 }, { a: 2 })',
  deepStrictEqual: 'X.deepStrictEqual({ a: 1 }, { a: 2 })',
  notDeepEqual: 'X.notDeepEqual({ a: 1 }, { a: 1 })',
  notDeepStrictEqual: 'X.notDeepStrictEqual({ a: 1 }, { a: 1 })',
  throws: 'X.throws(() => undefined)',
  doesNotThrow: "X.doesNotThrow(() => { throw new Error('crossover sentinel'); })",
  rejects: 'await X.rejects(Promise.resolve())',
  doesNotReject: "await X.doesNotReject(Promise.reject(new Error('crossover sentinel')))",
  match: "X.match('a', /b/)",
  doesNotMatch: "X.doesNotMatch('a', /a/)",
  fail: "X.fail('crossover sentinel')",
  ifError: "X.ifError(new Error('crossover sentinel'))",
  isTrue: 'X.isTrue(false)',
  isFalse: 'X.isFalse(true)',
  include: 'X.include([1], 2)',
  lengthOf: 'X.lengthOf([], 1)',
};

/** Failing uses of Jest's and Vitest's matchers, `E` the expect binding. */
const MATCHER_CALLS: Readonly<Record<string, string>> = {
  toBe: 'E(1).toBe(2)',
  toEqual: 'E({ a: 1 }).toEqual({ a: 2 })',
  toStrictEqual: 'E({ a: 1 }).toStrictEqual({ a: 2 })',
  toMatchObject: 'E({ a: 1 }).toMatchObject({ a: 2 })',
  toMatch: "E('a').toMatch(/b/)",
  toContain: 'E([1]).toContain(2)',
  toContainEqual: 'E([{ a: 1 }]).toContainEqual({ a: 2 })',
  toHaveLength: 'E([]).toHaveLength(1)',
  toHaveProperty: "E({}).toHaveProperty('a')",
  toBeTruthy: 'E(0).toBeTruthy()',
  toBeFalsy: 'E(1).toBeFalsy()',
  toBeNull: 'E(1).toBeNull()',
  toBeUndefined: 'E(1).toBeUndefined()',
  toBeDefined: 'E(undefined).toBeDefined()',
  toBeGreaterThan: 'E(1).toBeGreaterThan(2)',
  toBeLessThan: 'E(2).toBeLessThan(1)',
  toBeCloseTo: 'E(1).toBeCloseTo(2)',
  toThrow: 'E(() => undefined).toThrow()',
};

/** Failing calls of tape's assertions on its test object `t`, the message last. */
const TAPE_CALLS: Readonly<Record<string, string>> = {
  ok: 't.ok(false, M)',
  notOk: 't.notOk(true, M)',
  equal: 't.equal(1, 2, M)',
  notEqual: 't.notEqual(1, 1, M)',
  deepEqual: 't.deepEqual({ a: 1 }, { a: 2 }, M)',
  same: 't.same({ a: 1 }, { a: 2 }, M)',
  strictEqual: 't.strictEqual(1, 2, M)',
  throws: 't.throws(() => undefined, M)',
  error: "t.error(new Error('crossover sentinel'), M)",
};

/** Failing uses of unittest's assertions (`self`) and pytest's helpers. */
const UNITTEST_CALLS: Readonly<Record<string, string>> = {
  assertEqual: 'self.assertEqual(1, 2)',
  assertNotEqual: 'self.assertNotEqual(1, 1)',
  assertTrue: 'self.assertTrue(False)',
  assertFalse: 'self.assertFalse(True)',
  assertIs: 'self.assertIs(1, None)',
  assertIsNone: 'self.assertIsNone(1)',
  assertIsNotNone: 'self.assertIsNotNone(None)',
  assertIn: 'self.assertIn(1, [])',
  assertNotIn: 'self.assertNotIn(1, [1])',
  assertIsInstance: 'self.assertIsInstance(1, str)',
  assertRaises: 'self.assertRaises(ValueError, lambda: None)',
  assertAlmostEqual: 'self.assertAlmostEqual(1, 2)',
  assertGreater: 'self.assertGreater(1, 2)',
  assertLess: 'self.assertLess(2, 1)',
  assertRegex: "self.assertRegex('a', 'b')",
  assertCountEqual: 'self.assertCountEqual([1], [2])',
  assertListEqual: 'self.assertListEqual([1], [2])',
  assertDictEqual: "self.assertDictEqual({'a': 1}, {'a': 2})",
};
const PYTEST_CALLS: Readonly<Record<string, string>> = {
  raises: 'with pytest.raises(ValueError):\n            pass',
  approx: 'assert 1 == pytest.approx(2)',
};

function matches(text: string, pattern: RegExp): RegExpExecArray[] {
  return [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))];
}

/** `{ a, b as c }` or `{ a, b: c }` → [imported, local] pairs. */
function namedBindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+|\s*:\s*/).map((name) => name.trim());
      return [imported as string, (local ?? imported) as string];
    });
}

const SPEC = `['"]([^'"]+)['"]`;
/** Every binding a module's source gives a name to, by the module it comes from. */
function bindings(source: string): { spec: string; imported: string; local: string }[] {
  const found: { spec: string; imported: string; local: string }[] = [];
  for (const m of matches(source, new RegExp(`import\\s+(\\w+)\\s*(?:,\\s*\\{([^}]*)\\})?\\s*from\\s*${SPEC}`)))
    found.push(
      { spec: m[3]!, imported: 'default', local: m[1]! },
      ...namedBindings(m[2] ?? '').map(([imported, local]) => ({ spec: m[3]!, imported, local })),
    );
  for (const m of matches(source, new RegExp(`import\\s*\\*\\s*as\\s+(\\w+)\\s*from\\s*${SPEC}`)))
    found.push({ spec: m[2]!, imported: 'default', local: m[1]! });
  for (const m of matches(source, new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${SPEC}`)))
    found.push(...namedBindings(m[1]!).map(([imported, local]) => ({ spec: m[2]!, imported, local })));
  const required = `require\\(\\s*${SPEC}\\s*\\)(\\.\\w+)?`;
  for (const m of matches(source, new RegExp(`(?:const|let|var)\\s+(\\w+)\\s*=\\s*${required}`)))
    found.push({ spec: m[2]!, imported: m[3] ? m[3].slice(1) : 'default', local: m[1]! });
  for (const m of matches(source, new RegExp(`(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*${required}`)))
    found.push(...namedBindings(m[1]!).map(([imported, local]) => ({ spec: m[2]!, imported, local })));
  return found;
}

const TEST_MODULES = new Set(['node:test', 'test', 'vitest', '@jest/globals', 'mocha', 'tape']);
const ASSERT_MODULES = new Set(['assert', 'node:assert', 'assert/strict', 'node:assert/strict', 'chai']);

/** The function the file registers tests with, and whether it is tape's (assertions on `t`). */
function registration(source: string, found: ReturnType<typeof bindings>): { name: string; tape: boolean } | null {
  for (const binding of found) {
    if (!TEST_MODULES.has(binding.spec)) continue;
    const tape = binding.spec === 'tape';
    if (binding.imported === 'default' && (tape || binding.spec === 'node:test' || binding.spec === 'test'))
      return { name: binding.local, tape };
    if (binding.imported === 'test' || binding.imported === 'it') return { name: binding.local, tape: false };
  }
  // Jest's, Mocha's and Vitest's globals (Mocha's BDD interface has no `test`).
  if (/(^|[^.\w])it\s*\(/m.test(source)) return { name: 'it', tape: false };
  if (/(^|[^.\w])test\s*\(/m.test(source)) return { name: 'test', tape: false };
  return null;
}

/** Each failing call the file's own assertions give, as [what, code]. */
function assertionCalls(source: string, found: ReturnType<typeof bindings>): [string, string][] {
  const calls: [string, string][] = [];
  for (const binding of found.filter((b) => ASSERT_MODULES.has(b.spec))) {
    const local = binding.local;
    if (binding.imported === 'default' || binding.imported === 'strict' || binding.imported === 'assert') {
      const methods = new Set(matches(source, new RegExp(`\\b${local}\\.(\\w+)\\s*\\(`)).map((m) => m[1]!));
      if (new RegExp(`(^|[^.\\w])${local}\\s*\\(`, 'm').test(source)) calls.push([`${local}()`, `${local}(false)`]);
      for (const method of [...methods].sort())
        if (ASSERT_CALLS[method]) calls.push([`${local}.${method}`, ASSERT_CALLS[method]!.replace('X', local)]);
    } else if (ASSERT_CALLS[binding.imported] && new RegExp(`\\b${local}\\s*\\(`).test(source)) {
      calls.push([local, ASSERT_CALLS[binding.imported]!.replace(`X.${binding.imported}`, local)]);
    }
  }
  const expectBinding = found.find((b) => b.imported === 'expect' && TEST_MODULES.has(b.spec))?.local;
  const expect = expectBinding ?? (/(^|[^.\w])expect\s*\(/m.test(source) ? 'expect' : null);
  if (expect !== null) {
    const used = new Set(matches(source, /\.(?:not\.)?(to[A-Z]\w*)\s*\(/).map((m) => m[1]!));
    for (const matcher of ['toBe', ...[...used].sort()].filter((m, i, all) => all.indexOf(m) === i))
      if (MATCHER_CALLS[matcher]) calls.push([`expect().${matcher}`, MATCHER_CALLS[matcher]!.replace('E', expect)]);
  }
  return calls;
}

/** The sentinels for a JavaScript or TypeScript test file, or null when it registers tests by no name it shows. */
export function javascriptSentinels(source: string, token: (index: number) => string): SentinelBlock | null {
  const found = bindings(source);
  const register = registration(source, found);
  if (register === null) return null;
  const name = (index: number) => `'crossover sentinel ${token(index)}'`;
  const lines: string[] = [];
  const sentinels: PlannedSentinel[] = [];
  const add = (expect: PlannedSentinel['expect'], what: string, body: string) => {
    const index = sentinels.length;
    sentinels.push({ token: token(index), expect, what });
    if (register.tape) {
      // tape reports each assertion, not each test: the token goes in the assertion's message.
      const tapeBody = body.replaceAll('M', name(index));
      lines.push(`  ${register.name}(${name(index)}, (t) => { ${tapeBody} t.end(); });`);
    } else lines.push(`  ${register.name}(${name(index)}, async () => { ${body} });`);
  };
  if (register.tape) {
    add('pass', 'a passing assertion', 't.ok(true, M);');
    const used = new Set(matches(source, /\bt\.(\w+)\s*\(/).map((m) => m[1]!));
    for (const method of ['ok', ...[...used].sort()].filter((m, i, all) => all.indexOf(m) === i))
      if (TAPE_CALLS[method]) add('fail', `t.${method}`, `${TAPE_CALLS[method]};`);
  } else {
    add('pass', 'a test that returns', '');
    add('fail', 'a plain throw', "throw new Error('crossover sentinel: must fail');");
    for (const [what, call] of assertionCalls(source, found)) add('fail', what, `${call};`);
  }
  const header = "// Crossover's sentinel tests, planted by the grader for one run: some must pass, some must fail.";
  return { code: `\n${header}\n{\n${lines.join('\n')}\n}\n`, sentinels };
}

/** The sentinels for a Python test file: one unittest.TestCase, which pytest and unittest both collect. */
export function pythonSentinels(source: string, token: (index: number) => string, nonce: string): SentinelBlock {
  const sentinels: PlannedSentinel[] = [];
  const methods: string[] = [];
  const add = (expect: PlannedSentinel['expect'], what: string, body: string) => {
    const index = sentinels.length;
    sentinels.push({ token: token(index), expect, what });
    methods.push(`    def test_${token(index)}(self):\n        ${body}\n`);
  };
  add('pass', 'a passing assert', 'assert 1 == 1');
  add('fail', 'a failing assert', 'assert 1 == 2');
  add('fail', 'a plain raise', "raise RuntimeError('crossover sentinel: must fail')");
  for (const method of [...new Set(matches(source, /\bself\.(assert\w+)\s*\(/).map((m) => m[1]!))].sort())
    if (UNITTEST_CALLS[method]) add('fail', `self.${method}`, UNITTEST_CALLS[method]!);
  if (/^\s*import pytest\b/m.test(source))
    for (const helper of [...new Set(matches(source, /\bpytest\.(\w+)\s*\(/).map((m) => m[1]!))].sort())
      if (PYTEST_CALLS[helper]) add('fail', `pytest.${helper}`, PYTEST_CALLS[helper]!);
  const header = "# Crossover's sentinel tests, planted by the grader for one run: some must pass, some must fail.";
  const code = [
    '',
    '',
    header,
    'import unittest as _crossover_unittest',
    '',
    '',
    // Named by the run's nonce only: no sentinel's own token is in every id of the class.
    `class TestCrossoverSentinels${nonce}(_crossover_unittest.TestCase):`,
    ...methods,
  ].join('\n');
  return { code, sentinels };
}
