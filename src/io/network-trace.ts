import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Network attempts of a sandboxed process tree, seen by strace outside the sandbox: the sandbox
 * (no network namespace of the host) already stops them, this only records who tried. strace runs
 * as the caller, outside bubblewrap, so nothing inside can rewrite its log; it follows every fork
 * and only the socket calls below stop the tracee (seccomp-bpf), so an untraced call costs nothing.
 */
export const STRACE = '/usr/bin/strace';

const TRACED = 'connect,sendto,sendmsg,sendmmsg';
/** Bytes of each buffer strace prints: a DNS query name fits well inside. */
const BUFFER_BYTES = 512;
/** Most bytes of a trace read: a process that floods its sockets cannot make the reader unbounded. */
const TRACE_LIMIT = 8 * 1024 * 1024;

/** One attempt to reach the network: a name looked up, or an address connected to. */
export interface NetworkAttempt {
  kind: 'dns' | 'connect';
  /** the looked-up name, or `address:port` */
  destination: string;
}

export function traceAvailable(): boolean {
  return existsSync(STRACE);
}

/** The argv that runs `file args…` under strace, its log at `log` (every string printed as hex). */
export function tracedArgv(file: string, args: readonly string[], log: string): { file: string; args: string[] } {
  return {
    file: STRACE,
    args: [
      '-f',
      '-qq',
      '--seccomp-bpf',
      '-e',
      `trace=${TRACED}`,
      '-e',
      'signal=none',
      '-xx',
      '-s',
      String(BUFFER_BYTES),
      '-o',
      log,
      '--',
      file,
      ...args,
    ],
  };
}

/** `"\x31\x32"` as strace -xx prints it, back to bytes. */
function hexBytes(escaped: string): Buffer {
  return Buffer.from(escaped.replace(/\\x/g, ''), 'hex');
}

interface Address {
  ip: string;
  port: number;
}

/** The IPv4 or IPv6 socket address a line names, or null (a Unix socket, or none given). */
function addressOf(line: string): Address | null {
  const v4 = /sa_family=AF_INET, sin_port=htons\((\d+)\), sin_addr=inet_addr\("((?:\\x[0-9a-f]{2})*)"\)/.exec(line);
  if (v4) return { ip: hexBytes(v4[2] ?? '').toString('latin1'), port: Number(v4[1]) };
  const v6 = /sa_family=AF_INET6, sin6_port=htons\((\d+)\).*?inet_pton\(AF_INET6, "((?:\\x[0-9a-f]{2})*)"/.exec(line);
  if (v6) return { ip: `[${hexBytes(v6[2] ?? '').toString('latin1')}]`, port: Number(v6[1]) };
  return null;
}

function isLoopbackIp(ip: string): boolean {
  return /^127\./.test(ip) || ip === '[::1]' || /^\[::ffff:127\./.test(ip);
}

/** The query name of a DNS message (over UDP, or over TCP with its 2-byte length first), or null. */
export function dnsQueryName(message: Buffer): string | null {
  const overTcp = message.length >= 2 && message.readUInt16BE(0) === message.length - 2;
  const start = overTcp ? 2 : 0;
  const questions = message.length >= start + 12 ? message.readUInt16BE(start + 4) : 0;
  if (questions < 1) return null;
  const labels: string[] = [];
  for (let at = start + 12; at < message.length; ) {
    const length = message[at] ?? 0;
    if (length === 0) return labels.length > 0 ? labels.join('.').toLowerCase() : null;
    if (length > 63 || at + 1 + length > message.length) return null;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  return null;
}

/** The first buffer a send call carries: sendto's second argument, or the first iov_base of a message. */
function payloadOf(call: string, line: string): Buffer | null {
  const pattern = call === 'sendto' ? /^\d+ +sendto\(\d+, "((?:\\x[0-9a-f]{2})*)"/ : /iov_base="((?:\\x[0-9a-f]{2})*)"/;
  const match = pattern.exec(line);
  return match ? hexBytes(match[1] ?? '') : null;
}

/**
 * The attempts a trace shows, each once, sorted: every name looked up (a query to port 53, on a
 * socket connected there or addressed there) and every non-loopback address connected to. A
 * loopback address inside the sandbox's own network namespace reaches nothing of the host.
 */
export function networkAttempts(trace: string): NetworkAttempt[] {
  const connected = new Map<string, Address>();
  const seen = new Map<string, NetworkAttempt>();
  const note = (attempt: NetworkAttempt) => seen.set(`${attempt.kind} ${attempt.destination}`, attempt);
  for (const line of trace.split('\n')) {
    const head = /^(\d+) +(connect|sendto|sendmsg|sendmmsg)\((\d+),/.exec(line);
    if (!head) continue;
    const [, pid, call, fd] = head as unknown as [string, string, string, string];
    const socket = `${pid}:${fd}`;
    const named = addressOf(line);
    if (call === 'connect') {
      if (named === null) connected.delete(socket);
      else connected.set(socket, named);
      if (named !== null && named.port !== 53 && !isLoopbackIp(named.ip))
        note({ kind: 'connect', destination: `${named.ip}:${named.port}` });
      continue;
    }
    const to = named ?? connected.get(socket) ?? null;
    if (to?.port !== 53) continue;
    const payload = payloadOf(call, line);
    const name = payload === null ? null : dnsQueryName(payload);
    if (name !== null) note({ kind: 'dns', destination: name });
  }
  return [...seen.values()].sort((a, b) =>
    a.kind === b.kind ? (a.destination < b.destination ? -1 : 1) : a.kind < b.kind ? -1 : 1,
  );
}

/** The attempts recorded in a trace file (its first TRACE_LIMIT bytes); none when there is no file. */
export async function readNetworkAttempts(log: string): Promise<NetworkAttempt[]> {
  const file = await open(log, 'r').catch(() => null);
  if (file === null) return [];
  try {
    const buffer = Buffer.alloc(TRACE_LIMIT);
    const { bytesRead } = await file.read(buffer, 0, TRACE_LIMIT, 0);
    return networkAttempts(buffer.subarray(0, bytesRead).toString('latin1'));
  } finally {
    await file.close();
  }
}
