import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Fraction, fraction, toNumber } from '../../src/score/fraction.js';
import { invertSignFlip } from '../../src/score/inverted-interval.js';
import { pairedDifferences } from '../../src/score/paired-differences.js';
import { signFlipP, signFlipSupport } from '../../src/score/sign-flip.js';

/** Vectors from fixtures/score/make-permutation-vectors.py (scipy permutation_test and brute force). */
interface Case {
  arm: number[];
  baseline: number[];
  repeats: number;
  alpha?: string;
  p?: number;
  pExact: string;
  low?: string;
  high?: string;
}
const vectors: { generator: string; twoSided: Case[]; greater: Case[]; large: Case[] } = JSON.parse(
  readFileSync(new URL('../../fixtures/score/permutation-vectors.json', import.meta.url), 'utf8'),
);

function parse(text: string): Fraction {
  const [num, den] = text.split('/');
  return fraction(BigInt(num!), BigInt(den ?? '1'));
}

function same(actual: Fraction | 'unbounded', expected: string): void {
  if (expected === 'unbounded' || actual === 'unbounded') {
    expect(actual).toBe(expected);
    return;
  }
  const e = parse(expected);
  expect(actual.num * e.den, `${actual.num}/${actual.den} vs ${expected}`).toBe(e.num * actual.den);
}

function differences(c: Case) {
  return pairedDifferences(
    c.arm.map((successes, t) => ({
      arm: { successes, valid: c.repeats },
      baseline: { successes: c.baseline[t]!, valid: c.repeats },
    })),
  );
}

const label = (c: Case) => ({ ...c, n: c.arm.length });

describe(`the sign-flip test agrees with ${vectors.generator}`, () => {
  it.each(vectors.twoSided.map(label))('two-sided p, n = $n, $repeats repeats, is exactly $pExact', (c) => {
    const { p, method } = signFlipP(differences(c).values, 'two-sided', 'reference');
    expect(method).toBe('exact');
    same(p, c.pExact);
    expect(Math.abs(toNumber(p) - c.p!)).toBeLessThanOrEqual(1e-12);
  });

  it.each(vectors.twoSided.map(label))('the interval at α = $alpha is [$low, $high], n = $n, $repeats repeats', (c) => {
    const d = differences(c);
    const interval = invertSignFlip(signFlipSupport(d.values, 'reference'), d.denominator, parse(c.alpha!));
    same(interval.low, c.low!);
    same(interval.high, c.high!);
  });

  it.each(vectors.greater.map(label))('one-sided (greater) p, n = $n, is exactly $pExact', (c) => {
    const { p } = signFlipP(differences(c).values, 'greater', 'reference');
    same(p, c.pExact);
    expect(Math.abs(toNumber(p) - c.p!)).toBeLessThanOrEqual(1e-12);
  });

  it.each(vectors.large.map(label))('exact p for n = $n tasks is $pExact (beyond doubles from 53)', (c) => {
    const { p, method } = signFlipP(differences(c).values, 'two-sided', 'reference');
    expect(method).toBe('exact');
    same(p, c.pExact);
  });
});
