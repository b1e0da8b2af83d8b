import { describe, expect, it } from 'vitest';
import { redactDeep, redactText, replacePath } from '../../src/probe/redact.js';

const ROOT = '/x/repo';
const redaction = { secrets: [], paths: { [ROOT]: '<root>', '/x/repo/.crossover/tmp': '<scratch>' } };

describe('redaction replaces a path only at path boundaries', () => {
  it('leaves a sibling whose name starts with the root’s name alone (no <root>wise/bin)', () => {
    // Positive control: the substring replace this guards against mangles the sibling.
    expect('/x/repowise/bin'.split(ROOT).join('<root>')).toBe('<root>wise/bin');
    expect(replacePath('/x/repowise/bin', ROOT, '<root>')).toBe('/x/repowise/bin');
    expect(replacePath('/x/repo.bak/file', ROOT, '<root>')).toBe('/x/repo.bak/file');
  });

  it('leaves a longer path that merely ends with the root alone', () => {
    expect(replacePath('/y/x/repo/a', ROOT, '<root>')).toBe('/y/x/repo/a');
  });

  it('replaces the root itself, its subpaths, and the root at the end of a sentence or in quotes', () => {
    expect(replacePath('/x/repo', ROOT, '<root>')).toBe('<root>');
    expect(replacePath('cd /x/repo/bin && ls', ROOT, '<root>')).toBe('cd <root>/bin && ls');
    expect(replacePath('failed in /x/repo.', ROOT, '<root>')).toBe('failed in <root>.');
    expect(replacePath('"/x/repo":1 /x/repo:2', ROOT, '<root>')).toBe('"<root>":1 <root>:2');
  });

  it('gives a directory inside another its own placeholder, and applies to keys and values of a declaration', () => {
    expect(redactText('/x/repo/.crossover/tmp/home and /x/repo/src', redaction)).toBe('<scratch>/home and <root>/src');
    const declaration = { interface: { command: '/x/repowise/bin/serve', args: ['/x/repo/a'] }, '/x/repo': 1 };
    expect(redactDeep(declaration, redaction)).toEqual({
      interface: { command: '/x/repowise/bin/serve', args: ['<root>/a'] },
      '<root>': 1,
    });
  });
});
