import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../http/errors.js';

/** "t=1717000000,v1=abc…" -> { t: "1717000000", v1: "abc…" }. During a rotation the newest signature comes last. */
export function parseSignatureHeader(header) {
  const fields = {};
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key && value) fields[key.trim()] = value.trim();
  }
  return fields;
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
  if (!t || !/^\d+$/.test(t) || !v1) throw unauthorized('invalid signature');
  // `t` is in seconds, our clock in milliseconds.
  if (Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds) throw unauthorized('invalid signature');
  const expected = sign(secret, t, rawBody);
  if (!sameHex(expected, v1)) throw unauthorized('invalid signature');
}
