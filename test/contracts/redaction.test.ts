import { describe, expect, it } from 'vitest';
import {
  clip,
  clipEnd,
  combineRedactions,
  REDACTED,
  redact,
  redactDeep,
  secretValues,
} from '../../src/contracts/redaction.js';

const ROOT = '/x/repo';
const only = (path: string, placeholder: string) => ({ secrets: [], paths: { [path]: placeholder } });
const redaction = { secrets: [], paths: { [ROOT]: '<root>', '/x/repo/.crossover/tmp': '<scratch>' } };

describe('redaction replaces a path only at path boundaries', () => {
  it('leaves a sibling whose name starts with the root’s name alone (no <root>wise/bin)', () => {
    // Positive control: the substring replace this guards against mangles the sibling.
    expect('/x/repowise/bin'.split(ROOT).join('<root>')).toBe('<root>wise/bin');
    expect(redact('/x/repowise/bin', only(ROOT, '<root>'))).toBe('/x/repowise/bin');
    expect(redact('/x/repo.bak/file', only(ROOT, '<root>'))).toBe('/x/repo.bak/file');
  });

  it('leaves a longer path that merely ends with the root alone', () => {
    expect(redact('/y/x/repo/a', only(ROOT, '<root>'))).toBe('/y/x/repo/a');
  });

  it('replaces the root itself, its subpaths, and the root at the end of a sentence or in quotes', () => {
    expect(redact('/x/repo', only(ROOT, '<root>'))).toBe('<root>');
    expect(redact('cd /x/repo/bin && ls', only(ROOT, '<root>'))).toBe('cd <root>/bin && ls');
    expect(redact('failed in /x/repo.', only(ROOT, '<root>'))).toBe('failed in <root>.');
    expect(redact('"/x/repo":1 /x/repo:2', only(ROOT, '<root>'))).toBe('"<root>":1 <root>:2');
  });

  it('gives a directory inside another its own placeholder, and applies to keys and values of a declaration', () => {
    expect(redact('/x/repo/.crossover/tmp/home and /x/repo/src', redaction)).toBe('<scratch>/home and <root>/src');
    const declaration = { interface: { command: '/x/repowise/bin/serve', args: ['/x/repo/a'] }, '/x/repo': 1 };
    expect(redactDeep(declaration, redaction)).toEqual({
      interface: { command: '/x/repowise/bin/serve', args: ['<root>/a'] },
      '<root>': 1,
    });
  });

  it('replaces in one pass: a placeholder next to another path is never matched again', () => {
    const nested = { secrets: [], paths: { '/t/trial': '<trial>', '/tmp': '<tmp>' } };
    expect(redact('/t/trial/tmp and /tmp/x', nested)).toBe('<trial>/tmp and <tmp>/x');
  });
});

describe('credentials are replaced by value wherever they appear', () => {
  it('takes declared credentials and secret-looking host variables, never short values', () => {
    const host = {
      API_TOKEN: 'tok-1234567890',
      PLAIN: 'not-a-secret-value',
      MY_KEY: 'short',
      DECLARED: 'declared-value',
    };
    expect(secretValues(host, ['DECLARED'])).toEqual(['tok-1234567890', 'declared-value']);
  });

  it('replaces a credential inside a word or a path, and combines two redactions', () => {
    const leased = { secrets: ['sk-ant-oat01-secret'], paths: {} };
    const both = combineRedactions(only(ROOT, '<root>'), leased);
    expect(redact('Bearer sk-ant-oat01-secret at /x/repo/a', both)).toBe(`Bearer ${REDACTED} at <root>/a`);
  });
});

describe('one length rule: a clipped text is at most its limit, the mark included', () => {
  it('keeps a text within its limit whole', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clipEnd('abc', 3)).toBe('abc');
  });

  it('cuts a longer text to exactly its limit, from the start or from the end', () => {
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clipEnd('abcdef', 4)).toBe('…def');
    expect(clip('abcdef', 5, '[cut]')).toBe('[cut]');
    for (const limit of [1, 2, 7, 50])
      expect(clip('x'.repeat(100), limit, '<mark>').length).toBeLessThanOrEqual(Math.max(limit, 0));
  });
});
