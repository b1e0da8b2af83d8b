import { PointerError } from '../errors.js';
import { parsePointer } from './parse.js';

/** '#/a~1b/c%20d' → '/a~1b/c d': the fragment is the pointer, percent-encoded (RFC 6901 §6). */
export function fromFragment(fragment) {
  if (typeof fragment !== 'string' || !fragment.startsWith('#')) {
    throw new PointerError('a URI fragment must start with "#"', fragment);
  }
  let pointer;
  try {
    pointer = decodeURIComponent(fragment.slice(1));
  } catch {
    throw new PointerError('malformed percent-encoding', fragment);
  }
  parsePointer(pointer);
  return pointer;
}

// Characters a fragment may hold as they are (RFC 3986 pchar minus those with a meaning here).
const FRAGMENT_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;

/** '/a~1b/c d' → '#/a~1b/c%20d'. */
export function toFragment(pointer) {
  parsePointer(pointer);
  let out = '#';
  for (const char of pointer) {
    out += FRAGMENT_SAFE.test(char) ? char : encodeURIComponent(char);
  }
  return out;
}
