/**
 * The browser check's harness in a container of the task's image (browser-image-check.ts bundles
 * this file with what it imports, playwright-core left to the copy bound beside it):
 * `node harness.mjs <checkFile> <workspace> <timeoutMs> [--alone] [--unfiltered]`, the nonce on
 * stdin. It runs the same check as the host does (browser-check.ts: the workspace by request
 * interception, other origins aborted, the check's clock) against the image's own Chromium, and
 * reports through the node check's channel (check-process.ts): `started`, then the whole outcome.
 * The container has no network, so Chromium needs no bubblewrap of its own here.
 */
import { readFileSync, writeSync } from 'node:fs';
import { runBrowserCheck } from './browser-check.js';
import {
  BrowserSession,
  chromiumPath,
  DEBIAN_CHROMIUM,
  DEBIAN_HEADLESS_SHELL,
  isExecutable,
} from './browser-session.js';
import { errored } from './outcome.js';
import { serveStatic } from './static-server.js';

const nonce = readFileSync(0, 'utf8').split('\n')[0]?.trim() ?? '';
const [checkFile, workspace, timeout, ...flags] = process.argv.slice(2);
const report = (text: string) => writeSync(1, `\n@@crossover-check ${nonce} ${text}\n`);

if (!/^[0-9a-f]{32}$/.test(nonce) || !checkFile || !workspace || !(Number(timeout) > 0)) {
  process.stderr.write('browser-image-harness: expected a nonce on stdin and <checkFile> <workspace> <timeoutMs>\n');
  process.exit(2);
}

report('started');
// The image's own Chromium, never one from outside it; its absence is the image's setup, not the agent's work.
const chromium = chromiumPath({});
if (!isExecutable(chromium)) {
  const missing = `the task's image has no Chromium (neither ${DEBIAN_HEADLESS_SHELL} nor ${DEBIAN_CHROMIUM}), which its browser checks run in: install the Debian package chromium-headless-shell in its Dockerfile (apt-get install chromium-headless-shell)`;
  report(`outcome ${JSON.stringify(errored(missing))}`);
  process.exit(0);
}
// A container's /dev/shm is 64 MB, which a heavy page can fill (its renderer then crashes): /tmp instead.
const session = new BrowserSession({
  executablePath: chromium,
  isolateNetwork: false,
  extraArgs: ['--disable-dev-shm-usage'],
});
try {
  const outcome = await runBrowserCheck({
    session,
    server: await serveStatic(workspace),
    checkFile,
    workspace,
    timeoutMs: Number(timeout),
    alone: flags.includes('--alone'),
    filterOrigins: !flags.includes('--unfiltered'),
  }).catch((error: unknown) => errored(`the browser check could not run: ${(error as Error).message}`));
  report(`outcome ${JSON.stringify(outcome)}`);
} finally {
  await session.close();
}
process.exit(0);
