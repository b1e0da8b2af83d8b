import { describe, expect, it } from 'vitest';
import { BrowserSession, chromiumPath } from '../../src/grading/browser-session.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { fixtureTask, fixtureWorkspace } from './fixtures.js';

const ASSERTION_FIRST_LINE = 'AssertionError: Expected values to be strictly equal:';
/** Each check's wall time, and Chromium's CPU and waiting while it ran. */
const TIMES = {
  wallMs: expect.any(Number),
  cpuMs: expect.any(Number),
  waitMs: expect.any(Number),
  ownMs: expect.any(Number),
};

describe('browser checks drive real headless Chromium', () => {
  it('fails the broken page and passes the fixed one, sharing one browser', async () => {
    const task = await fixtureTask('browser-counter');
    const browser = new BrowserSession();
    try {
      const start = await gradeWorkspace({ task, workspace: await fixtureWorkspace(task), browser });
      expect(start.checks).toEqual([
        // Only the assertion's first line: its diff would quote the hidden expected count.
        { id: 'shows-one-click', kind: 'required', status: 'fail', message: ASSERTION_FIRST_LINE, ...TIMES },
        { id: 'shows-three-clicks', kind: 'required', status: 'fail', message: ASSERTION_FIRST_LINE, ...TIMES },
        { id: 'renders-initial-state', kind: 'regression', status: 'pass', message: '', ...TIMES },
      ]);
      const reference = await gradeWorkspace({ task, workspace: await fixtureWorkspace(task, ['reference']), browser });
      expect(reference).toMatchObject({ status: 'passed', checksRun: 3 });
    } finally {
      await browser.close();
    }
  });

  it('is a check-error naming the package to install when Chromium is missing, never a pass', async () => {
    const task = await fixtureTask('browser-counter');
    const browser = new BrowserSession({ executablePath: '/nonexistent/chromium' });
    const result = await gradeWorkspace({ task, workspace: await fixtureWorkspace(task, ['reference']), browser });
    expect(result.status).toBe('check-error');
    expect(result.checksRun).toBe(0);
    for (const check of result.checks) {
      expect(check).toMatchObject({
        status: 'error',
        message:
          'Chromium not found at /nonexistent/chromium: install the Debian package chromium-headless-shell or chromium (apt-get install chromium-headless-shell)',
      });
    }
    await browser.close();
  });

  it('relaunches a shared Chromium that went away', async () => {
    const session = new BrowserSession();
    try {
      const first = await session.browser();
      if (!('browser' in first)) throw new Error(first.reason);
      await first.browser.close();
      const second = await session.browser();
      expect('browser' in second && second.browser.isConnected()).toBe(true);
    } finally {
      await session.close();
    }
  });

  it('looks for Chromium at CROSSOVER_CHROMIUM, else the headless shell, else Debian chromium', () => {
    const all = () => true;
    expect(chromiumPath({ CROSSOVER_CHROMIUM: '/opt/chromium/chrome' }, all)).toBe('/opt/chromium/chrome');
    expect(chromiumPath({}, all)).toBe('/usr/bin/chromium-headless-shell');
    expect(chromiumPath({}, (path) => path === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
    expect(chromiumPath({}, () => false)).toBe('/usr/bin/chromium');
  });
});
