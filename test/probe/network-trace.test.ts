import { describe, expect, it } from 'vitest';
import { dnsQueryName, networkAttempts } from '../../src/io/network-trace.js';

/** `text` as strace -xx prints a string: every byte as \xNN. */
function hex(bytes: Buffer | string): string {
  return [...Buffer.from(bytes)].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
}

/** A DNS query for `name` (type A), as a resolver sends it. */
function query(name: string): Buffer {
  const labels = name.split('.').map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)]));
  const header = Buffer.from([0xaa, 0x45, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([header, ...labels, Buffer.from([0, 0, 1, 0, 1])]);
}

describe('network attempts read from an strace log', () => {
  it('reads the name of a lookup from the query glibc sends on a socket connected to port 53', () => {
    const trace = [
      `41 connect(18, {sa_family=AF_UNIX, sun_path="${hex('/var/run/nscd/socket')}"}, 110) = -1 ENOENT (No such file or directory)`,
      `41 connect(18, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("${hex('127.0.0.1')}")}, 16) = 0`,
      `41 sendmmsg(18, [{msg_hdr={msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="${hex(query('telemetry.example.com'))}", iov_len=39}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=39}], 2, MSG_NOSIGNAL) = 2`,
    ].join('\n');
    expect(networkAttempts(trace)).toEqual([{ kind: 'dns', destination: 'telemetry.example.com' }]);
  });

  it('records connects to non-loopback addresses once each, IPv4 and IPv6, and leaves loopback out', () => {
    const v4 = (ip: string, port: number) =>
      `7 connect(19, {sa_family=AF_INET, sin_port=htons(${port}), sin_addr=inet_addr("${hex(ip)}")}, 16) = -1 ENETUNREACH (Network is unreachable)`;
    const trace = [
      v4('203.0.113.7', 443),
      v4('203.0.113.7', 443),
      v4('127.0.0.1', 8080),
      `7 connect(20, {sa_family=AF_INET6, sin6_port=htons(80), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "${hex('2001:db8::1')}", &sin6_addr), sin6_scope_id=0}, 28) = -1 ENETUNREACH (Network is unreachable)`,
    ].join('\n');
    expect(networkAttempts(trace)).toEqual([
      { kind: 'connect', destination: '203.0.113.7:443' },
      { kind: 'connect', destination: '[2001:db8::1]:80' },
    ]);
  });

  it('reads lines whose pid strace pads to the width of the largest pid (a short pid, two spaces)', () => {
    const trace = `4669  connect(19, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("${hex('203.0.113.7')}")}, 16) = -1 ENETUNREACH (Network is unreachable)`;
    expect(networkAttempts(trace)).toEqual([{ kind: 'connect', destination: '203.0.113.7:443' }]);
  });

  it('reads a query sent with sendto to a resolver address, and ignores other sends', () => {
    const trace = [
      `9 sendto(5, "${hex(query('update.example.org'))}", 36, MSG_NOSIGNAL, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("${hex('10.0.0.2')}")}, 16) = 36`,
      `9 sendto(6, "${hex('not dns at all')}", 14, 0, {sa_family=AF_INET, sin_port=htons(9999), sin_addr=inet_addr("${hex('10.0.0.2')}")}, 16) = 14`,
    ].join('\n');
    expect(networkAttempts(trace)).toEqual([{ kind: 'dns', destination: 'update.example.org' }]);
  });

  it('reads a query name over TCP (length first) and refuses a malformed message', () => {
    const message = query('api.example.net');
    const length = Buffer.from([0, message.length]);
    expect(dnsQueryName(Buffer.concat([length, message]))).toBe('api.example.net');
    expect(dnsQueryName(Buffer.from([1, 2, 3]))).toBeNull();
  });
});
