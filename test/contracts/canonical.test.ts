import { describe, expect, it } from 'vitest';
import { canonicalJson, digestOf, prettyJson } from '../../src/contracts/canonical.js';

describe('canonical JSON and digests', () => {
  it('is stable across key order at every depth', () => {
    const a = { b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } };
    const b = { a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(digestOf(a)).toBe(digestOf(b));
    expect(prettyJson(a)).toBe(prettyJson(b));
  });

  it('keeps array order significant', () => {
    expect(digestOf([1, 2])).not.toBe(digestOf([2, 1]));
  });

  it('gives a sha256 digest of the canonical bytes', () => {
    // echo -n '{"a":1}' | sha256sum
    expect(digestOf({ a: 1 })).toBe('sha256:015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
  });
});
