import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../http/errors.js';

/** "t=1717000000,v1=abc…,v1=def…" -> { t: "1717000000", v1: ["abc…", "def…"] }: one v1 per signing secret. */
export function parseSignatureHeader(header) {
  let t;
  const v1 = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=').map((text) => text?.trim());
    if (!key || !value) continue;
    if (key === 't' && t === undefined) t = value;
    if (key === 'v1') v1.push(value);
  }
  return { t, v1 };
}

export function sign(secret, timestamp, rawBody) {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

function sameHex(a, b) {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * Throws a 401 unless `header` carries a valid, fresh Paylane signature of `rawBody`.
 * `nowMs` is the receiver's clock in milliseconds.
 */
export function verifySignature({ header, rawBody, secret, nowMs, toleranceSeconds }) {
  if (!header) throw unauthorized('invalid signature');
  const { t, v1 } = parseSignatureHeader(header);
  if (!t || !/^\d+$/.test(t) || v1.length === 0) throw unauthorized('invalid signature');
  // `t` is in seconds, our clock in milliseconds.
  if (Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds) throw unauthorized('invalid signature');
  const expected = sign(secret, t, rawBody);
  if (!v1.some((candidate) => sameHex(expected, candidate))) throw unauthorized('invalid signature');
}
