import { createHash } from 'node:crypto';
import stringify from 'json-stable-stringify';

/** Canonical JSON: keys sorted at every depth, no whitespace. The bytes every digest is taken of. */
export function canonicalJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('canonicalJson: value has no JSON form');
  return text;
}

export function sha256Hex(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `sha256:` + hex of the canonical bytes of `value`. */
export function digestOf(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}

/** `sha256:` + hex of raw bytes (file contents, transcripts). */
export function digestBytes(bytes: string | Uint8Array): string {
  return `sha256:${sha256Hex(bytes)}`;
}

/** Pretty, key-sorted JSON with a trailing newline: the on-disk form of every artifact. */
export function prettyJson(value: unknown): string {
  const text = stringify(value, { space: 2 });
  if (text === undefined) throw new TypeError('prettyJson: value has no JSON form');
  return `${text}\n`;
}
