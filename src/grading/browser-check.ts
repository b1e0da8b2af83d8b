import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { BrowserSession } from './browser-session.js';
import { type CheckOutcome, errored, failed, firstLine, PASS, withoutExpected } from './outcome.js';
import type { StaticServer } from './static-server.js';

export interface BrowserCheckRun {
  session: BrowserSession;
  /** the workspace, served read-only at its origin through request interception */
  server: StaticServer;
  checkFile: string;
  workspace: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** abort requests to other origins; off only in a test's positive control (Chromium's own network namespace still holds) */
  filterOrigins?: boolean;
}

type BrowserCheck = (input: { page: Page; baseUrl: string; workspace: string }) => Promise<unknown>;

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return firstLine(String(error));
  const message = withoutExpected(firstLine(error.message), error);
  return error.name === 'Error' ? message : `${error.name}: ${message}`;
}

/** The served origin's requests answered from the workspace; any other aborted (continued, unfiltered). */
async function answer(run: BrowserCheckRun, route: Route): Promise<void> {
  const request = route.request();
  if (new URL(request.url()).origin !== run.server.origin)
    return run.filterOrigins === false ? route.continue() : route.abort('blockedbyclient');
  const { status, headers, body } = await run.server.respond(request.method(), request.url());
  return route.fulfill({ status, headers, body });
}

/**
 * Fresh context per check. The page's only way out is its requests, each answered here: Chromium
 * has no network of its own (browser-session.ts), so WebRTC and every other transport reach nothing.
 */
async function isolatedContext(run: BrowserCheckRun, browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.route('**/*', (route) => answer(run, route).catch(() => route.abort('failed').catch(() => undefined)));
  await context.routeWebSocket(/.*/, (socket) => socket.close());
  return context;
}

/** The check's own promise against its timeout and the grading's abort signal. */
function settle(work: Promise<unknown>, run: BrowserCheckRun): Promise<CheckOutcome> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (outcome: CheckOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => done(failed(`timed out after ${run.timeoutMs} ms`)), run.timeoutMs);
    const onAbort = () => done(run.signal?.reason ?? new Error('aborted'));
    run.signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      () => done(PASS),
      (error: unknown) => done(failed(describeError(error))),
    );
  });
}

/**
 * Runs one browser check: trusted check code in this process drives a fresh page of the session's
 * Chromium. No Chromium is an error (the check did not run); a thrown or timed-out check fails.
 */
export async function runBrowserCheck(run: BrowserCheckRun): Promise<CheckOutcome> {
  run.signal?.throwIfAborted();
  const launched = await run.session.browser();
  if ('reason' in launched) return errored(launched.reason);
  let context: BrowserContext;
  try {
    context = await isolatedContext(run, launched.browser);
  } catch (error) {
    return errored(`could not open a browser context: ${describeError(error)}`);
  }
  try {
    const work = (async () => {
      const module = (await import(pathToFileURL(run.checkFile).href)) as { default?: unknown };
      if (typeof module.default !== 'function') throw new Error('the check module has no default export function');
      const page = await context.newPage();
      await (module.default as BrowserCheck)({ page, baseUrl: run.server.baseUrl, workspace: run.workspace });
    })();
    return await settle(work, run);
  } finally {
    // Closing the context also ends whatever a timed-out check is still doing with its page.
    await context.close().catch(() => undefined);
  }
}
