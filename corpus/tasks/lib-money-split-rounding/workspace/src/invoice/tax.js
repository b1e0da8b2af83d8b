import { sumMinor } from '../money/amount.js';
import { percentOf } from '../money/round.js';

/** One tax entry per rate (in order of first appearance), each rounded once on its base. */
export function taxByRate(lines) {
  const groups = new Map();
  for (const line of lines) {
    if (!line.taxRate) continue;
    if (!groups.has(line.taxRate)) groups.set(line.taxRate, []);
    groups.get(line.taxRate).push(line.net);
  }
  return [...groups].map(([rate, nets]) => {
    const base = sumMinor(nets);
    return { rate, base, amount: percentOf(base, rate) };
  });
}
