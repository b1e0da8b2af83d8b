// The trusted harness that runs one hidden node check under Node's permission model.
//
// Plain JavaScript on purpose: the grader starts it with plain `node` both from src/ (under
// Vitest) and from dist/ (the build copies it through `allowJs`), so it needs no compilation.
//
// Protocol (parsed by node-check.ts): the grader writes a one-time nonce on stdin; the harness
// prints `@@crossover-check <nonce> started` before it imports anything untrusted, then one of
// `@@crossover-check <nonce> pass` or `@@crossover-check <nonce> fail <JSON message>`. Workspace
// code runs in this process and may print anything, but it never sees the nonce, so it cannot
// forge a result line.

import { readFileSync, writeSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

// Captured before untrusted code runs, so a workspace that patches them cannot intercept results.
const write = writeSync;
const exit = process.exit.bind(process);
const stringify = JSON.stringify;
const MESSAGE_LIMIT = 500;

const nonce = readFileSync(0, 'utf8').trim();
const [checkFile, workspace, unhardened] = process.argv.slice(2);

// Workspace code runs in this process, so before anything is imported: no way to read this
// process's memory (a heap snapshot holds the nonce), no V8 flag changes, and node:assert frozen
// so workspace code cannot turn the check's assertions into no-ops. Builtins' ESM exports are
// synced from the locked objects, then the objects frozen so nothing restores them.
// `--unhardened` exists only for the tests' positive controls.
function harden() {
  const require = createRequire(import.meta.url);
  const refuse = (name) =>
    function refused() {
      throw new Error(`${name} is not available to a check`);
    };
  const v8 = require('node:v8');
  for (const name of ['getHeapSnapshot', 'writeHeapSnapshot', 'setFlagsFromString', 'setHeapSnapshotNearHeapLimit'])
    v8[name] = refuse(`v8.${name}`);
  // Both loaded before either is changed: inspector/promises wraps the Session it finds.
  const inspectors = ['node:inspector', 'node:inspector/promises'].map((id) => require(id));
  for (const inspector of inspectors) {
    inspector.Session = refuse('inspector.Session');
    inspector.open = refuse('inspector.open');
    inspector.url = () => undefined;
  }
  syncBuiltinESMExports();
  for (const id of ['node:v8', 'node:inspector', 'node:inspector/promises']) Object.freeze(require(id));
  for (const id of ['node:assert', 'node:assert/strict']) {
    const assert = require(id);
    Object.freeze(assert);
    Object.freeze(assert.AssertionError);
    Object.freeze(assert.AssertionError.prototype);
  }
}
if (unhardened !== '--unhardened') harden();

// Each protocol line starts on a fresh line, whatever partial line workspace code left behind.
function report(text) {
  write(1, `\n@@crossover-check ${nonce} ${text}\n`);
}

// What the receipt keeps of a failure: its first line only (an assertion's diff quotes the
// hidden expected value), with the error's own `expected` cut out of that line too, plus the
// permission and resource of a denial so a reader sees what was refused. outcome.ts holds the
// same rule for browser checks; this file cannot import TypeScript.
function describe(error) {
  let text = String(error).split('\n')[0];
  if (error instanceof Error) {
    const details = [error.code, error.permission, error.resource].filter((part) => typeof part === 'string');
    const first = String(error.message).split('\n')[0];
    text = `${error.name === 'Error' ? '' : `${error.name}: `}${withoutExpected(first, error)}${details.length > 0 ? ` (${details.join(' ')})` : ''}`;
  }
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT)}…` : text;
}

function withoutExpected(line, error) {
  if (!('expected' in error) || error.expected === undefined) return line;
  let text = line;
  for (const form of new Set([inspect(error.expected), String(error.expected)]))
    if (form.length > 0) text = text.split(form).join('<expected>');
  return text;
}

if (!/^[0-9a-f]{32}$/.test(nonce) || !checkFile || !workspace) {
  process.stderr.write('node-check-harness: expected a nonce on stdin and <checkFile> <workspace> arguments\n');
  exit(2);
}

report('started');
try {
  const module = await import(pathToFileURL(checkFile).href);
  if (typeof module.default !== 'function') throw new Error('the check module has no default export function');
  await module.default({ workspace });
  report('pass');
} catch (error) {
  report(`fail ${stringify(describe(error))}`);
}
exit(0);
