/** Fixed, locale-free number formats shared by verdict reasons and the report projections. */

export function formatRate(value: number): string {
  return value.toFixed(3);
}

/** A difference with its sign always shown: +0.250, -0.125, 0.000. */
export function formatSigned(value: number): string {
  const text = value.toFixed(3);
  return value > 0 && text !== '0.000' ? `+${text}` : text === '-0.000' ? '0.000' : text;
}

/** p-values: four decimals, or two significant digits in exponent form below 0.001. */
export function formatP(p: number): string {
  return p === 0 || p >= 0.001 ? p.toFixed(4) : p.toExponential(1);
}
