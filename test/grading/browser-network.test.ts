import { createSocket } from 'node:dgram';
import { chmod, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it, type TestContext, vi } from 'vitest';
import { runBrowserCheck } from '../../src/grading/browser-check.js';
import { BrowserSession } from '../../src/grading/browser-session.js';
import { serveStatic } from '../../src/grading/static-server.js';
import { tempDir } from '../helpers/temp.js';

/**
 * Host listeners a hostile page tries to reach: a TCP one (plain fetch, TURN over TCP) and a UDP
 * one (a STUN server for WebRTC's ICE gathering). Each counts what arrives.
 */
interface Listeners {
  tcpPort: number;
  udpPort: number;
  contacts: { tcp: number; udp: number; fetch: number; navigate: number };
  close(): Promise<void>;
}

async function hostListeners(): Promise<Listeners> {
  const contacts = { tcp: 0, udp: 0, fetch: 0, navigate: 0 };
  const tcp: Server = createServer((socket) => {
    contacts.tcp += 1;
    socket.once('data', (data) => {
      const request = data.toString('latin1');
      if (request.startsWith('GET /fetch')) contacts.fetch += 1;
      if (request.startsWith('GET /navigate')) contacts.navigate += 1;
      socket.end('HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\nContent-Length: 6\r\n\r\nleaked');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const udp = createSocket('udp4');
  udp.on('message', () => {
    contacts.udp += 1;
  });
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  return {
    tcpPort: (tcp.address() as { port: number }).port,
    udpPort: udp.address().port,
    contacts,
    close: async () => {
      udp.close();
      await new Promise((resolve) => tcp.close(resolve));
    },
  };
}

/**
 * A browser check whose page tries its ways out: a plain fetch to the host listener, an
 * RTCPeerConnection whose ICE gathering contacts a STUN server (UDP) and a TURN server (TCP) on the
 * host's loopback, then a navigation of the page itself to the listener. It waits until gathering
 * completes, the fetch settles and the navigation ends, so every contact has been attempted when
 * it returns. (Chromium's Local Network Access refuses the fetch from an intercepted origin to
 * loopback whatever the sandbox does, so the navigation is the HTTP contact with a positive control.)
 */
const contactingCheck = (tcpPort: number, udpPort: number) => `
export default async function ({ page, baseUrl }) {
  await page.goto(baseUrl);
  if ((await page.textContent('#ready')) !== 'ready') throw new Error('the served page did not load');
  await page.evaluate(async ({ tcpPort, udpPort }) => {
    const fetched = fetch('http://127.0.0.1:' + tcpPort + '/fetch').then(() => true, () => false);
    const pc = new RTCPeerConnection({
      iceServers: [
        { urls: 'stun:127.0.0.1:' + udpPort },
        { urls: 'turn:127.0.0.1:' + tcpPort + '?transport=tcp', username: 'u', credential: 'p' },
      ],
    });
    pc.createDataChannel('out');
    const gathered = new Promise((resolve) => {
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
    });
    await pc.setLocalDescription(await pc.createOffer());
    await Promise.race([gathered, new Promise((resolve) => setTimeout(resolve, 15000))]);
    await fetched;
    pc.close();
  }, { tcpPort: ${tcpPort}, udpPort: ${udpPort} });
  await Promise.all([
    page.waitForEvent('framenavigated', { timeout: 15000 }).catch(() => undefined),
    page.evaluate((url) => { location.href = url; }, 'http://127.0.0.1:${tcpPort}/navigate'),
  ]);
}
`;

/**
 * One run of the contacting check against listeners of its own, so runs can overlap (each waits
 * on its page's timeouts, not on the CPU) and each run's contacts are its own.
 */
async function runContactingCheck(
  session: BrowserSession,
  onFinished: TestContext['onTestFinished'],
  filterOrigins = true,
) {
  const listeners = await hostListeners();
  onFinished(() => listeners.close());
  const checks = await tempDir(undefined, onFinished);
  const workspace = await tempDir(undefined, onFinished);
  await chmod(workspace, 0o755);
  await writeFile(join(workspace, 'index.html'), '<p id="ready">ready</p>');
  const checkFile = join(checks, 'contact.mjs');
  await writeFile(checkFile, contactingCheck(listeners.tcpPort, listeners.udpPort));
  const result = await runBrowserCheck({
    session,
    server: await serveStatic(workspace),
    checkFile,
    workspace,
    timeoutMs: 60_000,
    filterOrigins,
  });
  return { result, contacts: listeners.contacts };
}

const passed = { status: 'pass', message: '' };

describe.concurrent("a browser check's page reaches nothing beyond the served origin", () => {
  const isolated = new BrowserSession();
  const hostNetwork = new BrowserSession({ isolateNetwork: false });
  afterAll(async () => {
    await isolated.close();
    await hostNetwork.close();
  });

  it('makes no WebRTC (UDP or TCP), fetch or navigation contact with a host loopback listener, origin filter on or off', async ({
    onTestFinished,
  }) => {
    const runs = await Promise.all([
      runContactingCheck(isolated, onTestFinished),
      runContactingCheck(isolated, onTestFinished, false),
    ]);
    for (const { result, contacts } of runs) {
      expect(result).toMatchObject(passed);
      expect(contacts).toEqual({ tcp: 0, udp: 0, fetch: 0, navigate: 0 });
    }
  });

  it("reaches the listener over WebRTC with the host's network, and by navigation without the origin filter too (the test is real)", async ({
    onTestFinished,
  }) => {
    const [filtered, unfiltered] = await Promise.all([
      runContactingCheck(hostNetwork, onTestFinished),
      runContactingCheck(hostNetwork, onTestFinished, false),
    ]);
    expect(filtered.result).toMatchObject(passed);
    await vi.waitFor(() => expect(filtered.contacts.udp).toBeGreaterThan(0), { timeout: 10_000 });
    expect(filtered.contacts.navigate).toBe(0);
    expect(unfiltered.result).toMatchObject(passed);
    await vi.waitFor(() => expect(unfiltered.contacts.navigate).toBe(1), { timeout: 10_000 });
  });
});

describe('Chromium without bubblewrap', () => {
  it('is refused with the reason, never launched with the host network', async () => {
    vi.stubEnv('CROSSOVER_BWRAP', '/nonexistent/bwrap');
    const session = new BrowserSession();
    try {
      const launched = await session.browser();
      expect(launched).toEqual({ reason: expect.stringContaining('without network access under bubblewrap') });
    } finally {
      vi.unstubAllEnvs();
      await session.close();
    }
  });
});
