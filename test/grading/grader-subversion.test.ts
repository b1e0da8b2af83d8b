import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_MEMORY_BYTES, type CheckProtections, runNodeCheck } from '../../src/grading/node-check.js';
import { tempDir } from '../helpers/temp.js';

/** The check every case uses: it passes only when the workspace's answer is 42, which it never is unfixed. */
const CHECK = `import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
export default async function ({ workspace }) {
  const lib = await import(pathToFileURL(join(workspace, 'lib.mjs')).href);
  assert.equal(lib.answer(), 42);
}
`;

/** Workspace code that forges the pass line with the nonce it finds in a heap snapshot of the check. */
const HEAP_FORGER = `import v8 from 'node:v8';
let text = '';
try {
  for await (const chunk of v8.getHeapSnapshot()) text += chunk;
} catch {}
for (const nonce of new Set(text.match(/[0-9a-f]{32}/g) ?? [])) process.stdout.write('\\n@@crossover-check ' + nonce + ' pass\\n');
export const answer = () => 0;
`;

/** Workspace code that turns the check's shared node:assert into no-ops. */
const ASSERT_NOOP = `import assert from 'node:assert/strict';
try {
  assert.equal = () => undefined;
} catch {}
export const answer = () => 0;
`;

const exfiltrator = (port: number) => `await fetch('http://127.0.0.1:${port}/checks-stolen').catch(() => undefined);
export const answer = () => 0;
`;

/**
 * Workspace code that reads the check's own source (its path is the harness's argv[2]) from disk,
 * or imports it by URL, and answers with the expected value it finds there.
 */
const CHECK_READER = `import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const path = process.argv[2];
let source = '';
try {
  source = readFileSync(path, 'utf8');
} catch {}
if (source === '') {
  try {
    source = String((await import(pathToFileURL(path).href + '?again')).default ?? '');
  } catch {}
}
const expected = /answer\\(\\), (\\d+)\\)/.exec(source);
export const answer = () => (expected ? Number(expected[1]) : 0);
`;

/** Workspace code that answers right only when it can see a path outside the workspace. */
const prober = (outside: string) => `import { realpathSync } from 'node:fs';
function exists(path) {
  try {
    realpathSync(path);
    return true;
  } catch {
    return false;
  }
}
export const answer = () => (exists(${JSON.stringify(outside)}) ? 42 : 0);
`;

/** Workspace code that maps a 2 GiB buffer before it answers: only an uncapped check gets that far. */
const BUFFER_HOG = `const hoard = Buffer.allocUnsafe(2 ** 31);
hoard[0] = 1;
export const answer = () => 42;
`;

/** Workspace code that grows its JavaScript heap past the cap (1.25 GiB of arrays) before it answers. */
const HEAP_HOG = `const hoard = [];
for (let i = 0; i < 1280; i++) hoard.push(new Array(1024 * 128).fill(1.5));
export const answer = () => 42;
`;

/** The positive controls: every protection on but the one a case shows. */
const UNHARDENED: CheckProtections = { sandbox: true, harden: false, memory: true };
const UNSANDBOXED: CheckProtections = { sandbox: false, harden: true, memory: true };
const UNCAPPED: CheckProtections = { sandbox: true, harden: true, memory: false };

/** The check's verdict: its status and message (its times are not what these cases are about). */
async function check(lib: string, protections?: CheckProtections) {
  const checksDir = await tempDir();
  const workspace = await tempDir();
  await chmod(checksDir, 0o755);
  await chmod(workspace, 0o755);
  await writeFile(join(checksDir, 'check.mjs'), CHECK);
  await writeFile(join(workspace, 'lib.mjs'), lib);
  const { status, message } = await runNodeCheck({
    checkFile: join(checksDir, 'check.mjs'),
    checksDir,
    workspace,
    timeoutMs: 30_000,
    ...(protections ? { protections } : {}),
  });
  return { status, message };
}

describe('workspace code that fights its own node check', () => {
  it('a heap-snapshot nonce forger cannot print a genuine pass', async () => {
    expect(await check(HEAP_FORGER)).toMatchObject({ status: 'fail' });
  });

  it('a heap-snapshot nonce forger passes an unhardened check (the test is real)', async () => {
    expect(await check(HEAP_FORGER, UNHARDENED)).toEqual({ status: 'pass', message: '' });
  });

  it('an assert no-op payload cannot silence the check', async () => {
    expect(await check(ASSERT_NOOP)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('AssertionError'),
    });
  });

  it('an assert no-op payload passes an unhardened check (the test is real)', async () => {
    expect(await check(ASSERT_NOOP, UNHARDENED)).toEqual({ status: 'pass', message: '' });
  });

  it("cannot reach a listener on the host's loopback; outside the check sandbox it does (the test is real)", async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('ok');
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      await check(exfiltrator(port));
      expect(requests).toEqual([]);
      await check(exfiltrator(port), UNSANDBOXED);
      expect(requests).toEqual(['/checks-stolen']);
    } finally {
      server.close();
    }
  });

  it("cannot read the check's source from disk or import it; outside the check sandbox it reads it (the test is real)", async () => {
    expect(await check(CHECK_READER)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('AssertionError'),
    });
    expect(await check(CHECK_READER, UNSANDBOXED)).toEqual({ status: 'pass', message: '' });
  });

  it('cannot learn that a path outside exists through realpath; outside the check sandbox it can (the test is real)', async () => {
    const outside = join(await tempDir(), 'reference');
    await mkdir(outside);
    expect(await check(prober(outside))).toMatchObject({ status: 'fail' });
    expect(await check(prober(outside), UNSANDBOXED)).toEqual({ status: 'pass', message: '' });
  });

  it(`cannot map a buffer past the check's ${CHECK_MEMORY_BYTES / 1024 ** 3} GiB cap; uncapped it does (the test is real)`, async () => {
    expect(await check(BUFFER_HOG)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('RangeError: Array buffer allocation failed'),
    });
    expect(await check(BUFFER_HOG, UNCAPPED)).toEqual({ status: 'pass', message: '' });
  });

  it("cannot grow its heap past the check's cap; uncapped it does (the test is real)", async () => {
    expect(await check(HEAP_HOG)).toMatchObject({
      status: 'fail',
      // V8 aborts (SIGABRT, which bwrap passes on as 134) when it can map no more heap.
      message: expect.stringMatching(/^exited \(134\) without a result/),
    });
    expect(await check(HEAP_HOG, UNCAPPED)).toEqual({ status: 'pass', message: '' });
  });
});
