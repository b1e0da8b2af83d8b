import { accessSync, constants } from 'node:fs';
import { access, chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { type Bubblewrap, bubblewrapCandidates, resolveBubblewrap } from '../io/bubblewrap.js';
import { raisePriority } from '../io/priority.js';
import { processTree } from '../io/process-usage.js';

/** The pid a launcher wrote; null when it wrote none. */
async function readPid(file: string): Promise<number | null> {
  const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Debian's paths, the old headless shell (package chromium-headless-shell) preferred: it is the
 * same Chromium without the windowing layer: a browser check costs it about half the CPU.
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** How long Playwright may take to launch Chromium (a busy machine is slow to start it). */
export const LAUNCH_TIMEOUT_MS = 60_000;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where Chromium is looked for: CROSSOVER_CHROMIUM, else the first Debian path that exists, else
 * Debian's chromium (whose absence the session then reports with the package to install).
 */
export function chromiumPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = isExecutable,
): string {
  if (env.CROSSOVER_CHROMIUM) return env.CROSSOVER_CHROMIUM;
  return exists(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM;
}

/**
 * The bwrap options Chromium runs under: its own network namespace (only a loopback of its own),
 * so no transport of any kind (HTTP, WebSocket, WebRTC's UDP and TCP, DNS) reaches a host or the
 * host's loopback; the page gets the workspace through request interception instead. The rest of
 * the filesystem stays as it is (device nodes included: Chromium needs /dev/shm and /dev/urandom),
 * and every capability is dropped.
 */
export function networklessArgs(chromium: string): string[] {
  return ['--unshare-net', '--dev-bind', '/', '/', '--cap-drop', 'ALL', '--die-with-parent', '--', chromium];
}

/** Where the launcher writes its pid, which Chromium's main process keeps (exec): the root of its process tree. */
const PID_FILE = 'pid';

/**
 * The launcher Playwright starts in Chromium's place (Playwright's own arguments follow): it writes
 * its pid, then execs Chromium, under bwrap when it has no network of its own.
 */
function launcherScript(dir: string, bwrap: Bubblewrap | null, chromium: string): string {
  const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
  const command = bwrap === null ? [chromium] : [bwrap.path, ...networklessArgs(chromium)];
  return `#!/bin/sh\necho $$ > ${quote(join(dir, PID_FILE))}\nexec ${command.map(quote).join(' ')} "$@"\n`;
}

/** Either the browser, or why there is none: a missing browser is a reason, never an exception. */
export type BrowserOrReason = { browser: Browser } | { reason: string };

/**
 * One headless Chromium shared by every browser check of a grading session (a trial's grading,
 * or a whole `corpus verify` run), launched on first use. The owner closes it.
 */
export class BrowserSession {
  private launching: Promise<BrowserOrReason> | null = null;
  private launcherDir: string | null = null;
  private root: number | null = null;
  /** processes already given the grading priority (a renderer started since is raised at its check) */
  private readonly raised = new Set<number>();
  readonly executablePath: string;
  /** Chromium in a network namespace of its own; off only in the tests' positive controls */
  readonly isolateNetwork: boolean;
  /** Chromium's arguments past the fixed ones: what its surroundings need (a container's small /dev/shm) */
  private readonly extraArgs: readonly string[];

  constructor(options: { executablePath?: string; isolateNetwork?: boolean; extraArgs?: readonly string[] } = {}) {
    this.executablePath = options.executablePath ?? chromiumPath();
    this.isolateNetwork = options.isolateNetwork ?? true;
    this.extraArgs = options.extraArgs ?? [];
  }

  /** The shared browser; relaunched if it crashed, so one crash does not turn every later check into an error. */
  async browser(): Promise<BrowserOrReason> {
    this.launching ??= this.launch();
    const result = await this.launching;
    if ('browser' in result && !result.browser.isConnected()) {
      this.launching = this.launch();
      return this.launching;
    }
    return result;
  }

  private async launch(): Promise<BrowserOrReason> {
    const path = this.executablePath;
    const found = await access(path, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (!found)
      return {
        reason: `Chromium not found at ${path}: install the Debian package chromium-headless-shell or chromium (apt-get install chromium-headless-shell)`,
      };
    const launcher = await this.launcher(path);
    if (typeof launcher !== 'string') return launcher;
    this.raised.clear();
    // Loaded on first launch: importing Playwright costs about 0.3 s of CPU, which a run without a browser check need not pay.
    const { chromium } = await import('playwright-core');
    try {
      const browser = await chromium.launch({
        executablePath: launcher,
        args: [...CHROMIUM_ARGS, ...this.extraArgs],
        timeout: LAUNCH_TIMEOUT_MS,
      });
      this.root = await readPid(join(this.launcherDir as string, PID_FILE));
      return { browser };
    } catch (error) {
      return { reason: `Chromium at ${path} failed to start: ${(error as Error).message.split('\n')[0]}` };
    }
  }

  /**
   * What Playwright starts: a launcher that execs Chromium (isolated: under bwrap). No bubblewrap
   * means no browser, never a browser with the host's network.
   */
  private async launcher(path: string): Promise<string | { reason: string }> {
    const bwrap = this.isolateNetwork ? await resolveBubblewrap() : null;
    if (this.isolateNetwork && bwrap === null)
      return {
        reason: `browser checks run Chromium without network access under bubblewrap, which is not installed at ${bubblewrapCandidates().join(' or ') || 'an absolute CROSSOVER_BWRAP'}: install it (apt-get install bubblewrap)`,
      };
    this.launcherDir ??= await mkdtemp(join(tmpdir(), 'crossover-chromium-'));
    const launcher = join(this.launcherDir, 'chromium');
    await writeFile(launcher, launcherScript(this.launcherDir, bwrap, path), { mode: 0o700 });
    await chmod(launcher, 0o700);
    return launcher;
  }

  /**
   * Chromium's processes now (its main process and every descendant: renderers come and go), each
   * given the grading priority once (io/priority.ts); empty before a launch.
   */
  processes(): number[] {
    if (this.root === null) return [];
    const tree = processTree(this.root);
    raisePriority(tree.filter((pid) => !this.raised.has(pid)));
    for (const pid of tree) this.raised.add(pid);
    return tree;
  }

  async close(): Promise<void> {
    const launching = this.launching;
    this.launching = null;
    this.root = null;
    this.raised.clear();
    const result = await launching;
    if (result && 'browser' in result) await result.browser.close().catch(() => undefined);
    if (this.launcherDir) await rm(this.launcherDir, { recursive: true, force: true });
    this.launcherDir = null;
  }
}
