// The trusted harness that runs one hidden node check under Node's permission model.
//
// Plain JavaScript on purpose: the grader starts it with plain `node` both from src/ (under
// Vitest) and from dist/ (the build copies it through `allowJs`), so it needs no compilation.
//
// Protocol (parsed by node-check.ts): the grader writes a one-time nonce on stdin's first line,
// then one JSON object mapping each check module's path (every .mjs under checks/) to its source;
// the harness
// prints `@@crossover-check <nonce> started` before it imports anything untrusted, then one of
// `@@crossover-check <nonce> pass` or `@@crossover-check <nonce> fail <JSON message>`. Workspace
// code runs in this process and may print anything, but it never sees the nonce, so it cannot
// forge a result line.

import { readFileSync, writeSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { SourceTextModule, SyntheticModule } from 'node:vm';

// Captured before untrusted code runs, so a workspace that patches them cannot intercept results.
const write = writeSync;
const exit = process.exit.bind(process);
const stringify = JSON.stringify;
const MESSAGE_LIMIT = 500;

const [nonceLine, ...payload] = readFileSync(0, 'utf8').split('\n');
const nonce = nonceLine.trim();
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
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT - 1)}…` : text;
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

// Check modules arrive on stdin and are compiled here as vm modules: inside the check sandbox the
// files themselves read as empty (node-check.ts), so workspace code, which shares this process,
// can neither read a check's source from disk nor import it by URL (a vm module is in no loader
// map). Everything else a check imports (builtins, workspace files) is Node's own module.
function checkLoader(sources) {
  const modules = new Map();
  const outside = new Map();
  const url = (path) => pathToFileURL(path).href;
  const byUrl = new Map(Object.entries(sources).map(([path, source]) => [url(path), source]));
  async function real(specifier) {
    let found = outside.get(specifier);
    if (!found) {
      const namespace = await import(specifier);
      const names = Object.keys(namespace);
      found = new SyntheticModule(names, function exportAll() {
        for (const name of names) this.setExport(name, namespace[name]);
      });
      outside.set(specifier, found);
    }
    return found;
  }
  function compiled(identifier) {
    let found = modules.get(identifier);
    if (!found) {
      found = new SourceTextModule(byUrl.get(identifier), {
        identifier,
        initializeImportMeta: (meta) => {
          meta.url = identifier;
        },
        importModuleDynamically: (specifier) => load(specifier, identifier),
      });
      modules.set(identifier, found);
    }
    return found;
  }
  function resolve(specifier, referrer) {
    if (specifier.startsWith('node:') || !/^(\.{0,2}\/|file:)/.test(specifier)) return specifier;
    return new URL(specifier, referrer).href;
  }
  async function link(specifier, referrer) {
    const target = resolve(specifier, referrer);
    return byUrl.has(target) ? compiled(target) : real(target);
  }
  async function load(specifier, referrer) {
    const module = await link(specifier, referrer);
    if (module.status === 'unlinked') await module.link((s, m) => link(s, m.identifier));
    if (module.status === 'linked') await module.evaluate();
    return module;
  }
  return (path) => load(url(path), url(path)).then((module) => module.namespace);
}

function checkSources() {
  const text = payload.join('\n').trim();
  const sources = text === '' ? {} : JSON.parse(text);
  // Unhardened, or a check outside the delivered set: the file on disk (the tests' positive controls).
  if (!Object.hasOwn(sources, checkFile)) sources[checkFile] = readFileSync(checkFile, 'utf8');
  return sources;
}

report('started');
try {
  const module = await checkLoader(checkSources())(checkFile);
  if (typeof module.default !== 'function') throw new Error('the check module has no default export function');
  await module.default({ workspace });
  report('pass');
} catch (error) {
  report(`fail ${stringify(describe(error))}`);
}
exit(0);
