import { accessSync, constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Browser } from 'playwright-core';

/**
 * Debian's paths, the old headless shell (package chromium-headless-shell) preferred: it is the
 * same Chromium without the windowing layer: a browser check costs it about half the CPU.
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

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

/** Either the browser, or why there is none: a missing browser is a reason, never an exception. */
export type BrowserOrReason = { browser: Browser } | { reason: string };

/**
 * One headless Chromium shared by every browser check of a grading session (a trial's grading,
 * or a whole `corpus verify` run), launched on first use. The owner closes it.
 */
export class BrowserSession {
  private launching: Promise<BrowserOrReason> | null = null;
  readonly executablePath: string;

  constructor(options: { executablePath?: string } = {}) {
    this.executablePath = options.executablePath ?? chromiumPath();
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
    // Loaded on first launch: importing Playwright costs about 0.3 s of CPU, which a run without a browser check need not pay.
    const { chromium } = await import('playwright-core');
    try {
      return { browser: await chromium.launch({ executablePath: path, args: CHROMIUM_ARGS, timeout: 60_000 }) };
    } catch (error) {
      return { reason: `Chromium at ${path} failed to start: ${(error as Error).message.split('\n')[0]}` };
    }
  }

  async close(): Promise<void> {
    const launching = this.launching;
    this.launching = null;
    const result = await launching;
    if (result && 'browser' in result) await result.browser.close().catch(() => undefined);
  }
}
