import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { BrowserSession } from './browser-session.js';
import { CheckClock, clockOutcome, describeTimes } from './check-clock.js';
import {
  type CheckOutcome,
  type CheckTimes,
  errored,
  failed,
  firstLine,
  PASS,
  starvedRun,
  withoutExpected,
} from './outcome.js';
import type { StaticServer } from './static-server.js';

export interface BrowserCheckRun {
  session: BrowserSession;
  /** the workspace, served read-only at its origin through request interception */
  server: StaticServer;
  checkFile: string;
  workspace: string;
  /** the check's own time (check-clock.ts): wall time less the time the machine kept Chromium or the grader from running */
  timeoutMs: number;
  signal?: AbortSignal;
  /** the lone re-run of a starved check (grade.ts): time stopped by a signal is then the check's own */
  alone?: boolean;
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

/**
 * A check that failed on a timeout of its own (a Playwright TimeoutError: `waitFor({ timeout })`)
 * measured wall time, which a busy machine shortens. Starved for a quarter of its run or more, or
 * starved by an unknown amount, it has no verdict on its first run: the lone re-run decides it.
 */
function failure(error: unknown, times: CheckTimes, alone: boolean): CheckOutcome {
  const message = describeError(error);
  const wallTimeout = error instanceof Error && error.name === 'TimeoutError';
  if (!wallTimeout || alone || (times.waitMs !== null && times.waitMs * 4 < times.wallMs))
    return { ...failed(message), times };
  return starvedRun(
    `a wall-clock timeout of the check fired while it was starved (${describeTimes(times)}): ${message}`,
    times,
  );
}

/** The check's own promise against its clock (check-clock.ts) and the grading's abort signal. */
function settle(work: Promise<unknown>, run: BrowserCheckRun): Promise<CheckOutcome> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (outcome: CheckOutcome | Error) => {
      if (settled) return;
      settled = true;
      clock.stop();
      run.signal?.removeEventListener('abort', onAbort);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const alone = run.alone === true;
    const clock = new CheckClock({
      timeoutMs: run.timeoutMs,
      processes: () => run.session.processes(),
      mainWaitsOnly: true,
      countStopped: !alone,
      // Alone, no other page shares the Chromium: what it used is the check's.
      cpuIsOwn: alone,
      onEnd: (end) => done(clockOutcome(end, run.timeoutMs, alone)),
    });
    const onAbort = () => done(run.signal?.reason ?? new Error('aborted'));
    run.signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      () => done({ ...PASS, times: clock.stop() }),
      (error: unknown) => done(failure(error, clock.stop(), alone)),
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
    // Only the check's clock ends a check: Playwright's own 30 s defaults count wall time, which a busy machine shortens.
    context.setDefaultTimeout(0);
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
