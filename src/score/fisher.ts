import { logChoose } from './binomial-bound.js';
import { requireCount } from './require.js';

/** Tables as likely as the observed one, up to this relative slack, count as equally extreme (as R's fisher.test). */
const RELATIVE_SLACK = 1 + 1e-7;

/**
 * Fisher's exact test, two-sided, of equal shares in two groups: `a` events in `n1` trials against
 * `b` in `n2`. Conditional on the margins, the first group's count is hypergeometric; p sums every
 * table no more likely than the observed. Under equal shares it rejects at most α of the time.
 */
export function fisherExactP(a: number, n1: number, b: number, n2: number): number {
  for (const [value, name] of [
    [a, 'a'],
    [n1, 'n1'],
    [b, 'b'],
    [n2, 'n2'],
  ] as const)
    requireCount(value, `fisherExactP ${name}`);
  const events = a + b;
  const total = n1 + n2;
  if (events === 0 || events === total || n1 === 0 || n2 === 0) return 1;
  const logDenominator = logChoose(total, events);
  const logP = (x: number) => logChoose(n1, x) + logChoose(n2, events - x) - logDenominator;
  const observed = logP(a) + Math.log(RELATIVE_SLACK);
  let p = 0;
  for (let x = Math.max(0, events - n2); x <= Math.min(events, n1); x += 1) {
    const term = logP(x);
    if (term <= observed) p += Math.exp(term);
  }
  return Math.min(1, p);
}
