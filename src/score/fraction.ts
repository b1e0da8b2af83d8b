import { CrossoverError } from '../contracts/errors.js';

/**
 * An exact rational num/den with den > 0, in BigInt. Every quantity a decision depends on (Σd_t,
 * p-values, Holm products, α, limits and margins) is compared as one of these, never as a double.
 */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

export function fraction(num: bigint | number, den: bigint | number = 1n): Fraction {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d === 0n) throw new CrossoverError('invalid-input', 'fraction: expected a non-zero denominator');
  return d < 0n ? { num: -n, den: -d } : { num: n, den: d };
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Fraction, b: Fraction): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function times(a: Fraction, k: bigint | number): Fraction {
  return { num: a.num * BigInt(k), den: a.den };
}

export function dividedBy(a: Fraction, k: bigint | number): Fraction {
  return fraction(a.num, a.den * BigInt(k));
}

export function negate(a: Fraction): Fraction {
  return { num: -a.num, den: a.den };
}

export function sign(a: Fraction): number {
  return a.num < 0n ? -1 : a.num > 0n ? 1 : 0;
}

export function minFraction(a: Fraction, b: Fraction): Fraction {
  return compare(a, b) <= 0 ? a : b;
}

export function maxFraction(a: Fraction, b: Fraction): Fraction {
  return compare(a, b) >= 0 ? a : b;
}

/** |n| as a BigInt of its bit length: used to scale a quotient into a double's range. */
function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** The double nearest num/den (to within one unit in the last place), whatever their size. */
export function toNumber(a: Fraction): number {
  if (a.num === 0n) return 0;
  const negative = a.num < 0n;
  const num = negative ? -a.num : a.num;
  // Scale so the integer quotient carries 64 significant bits, then divide once in doubles.
  const shift = 64 - (bitLength(num) - bitLength(a.den));
  const quotient = shift >= 0 ? (num << BigInt(shift)) / a.den : num / (a.den << BigInt(-shift));
  // Two steps: 2^-shift alone underflows for subnormal results.
  const half = Math.trunc(shift / 2);
  const value = Number(quotient) * 2 ** -half * 2 ** -(shift - half);
  return negative ? -value : value;
}

/**
 * A policy number (α, a limit, a margin) as the decimal it is written as: 0.1 is 1/10, not the
 * double nearest to it. The shortest round-trip decimal of a double is its written form.
 */
export function fromDecimal(value: number): Fraction {
  if (!Number.isFinite(value))
    throw new CrossoverError('invalid-input', `fromDecimal: expected a finite number, got ${value}`);
  const [mantissa, exponentText] = String(value).split('e');
  const exponent = Number(exponentText ?? 0);
  const [whole, decimals = ''] = mantissa!.split('.');
  const digits = BigInt(`${whole}${decimals}`);
  const scale = decimals.length - exponent;
  return scale >= 0 ? fraction(digits, 10n ** BigInt(scale)) : fraction(digits * 10n ** BigInt(-scale));
}

/** The exact value of a double: every finite double is a dyadic rational. */
export function fromDouble(value: number): Fraction {
  if (!Number.isFinite(value))
    throw new CrossoverError('invalid-input', `fromDouble: expected a finite number, got ${value}`);
  let mantissa = value;
  let exponent = 0;
  while (!Number.isInteger(mantissa)) {
    mantissa *= 2;
    exponent += 1;
  }
  return fraction(BigInt(mantissa), 1n << BigInt(exponent));
}
