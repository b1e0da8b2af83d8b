import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The one module allowed to replace text with placeholders (docs/architecture.md, "Redaction"). */
export const REDACTION_MODULE = 'contracts/redaction.ts';

/**
 * The check harness runs inside the check's sandbox as plain JavaScript, where no Crossover module
 * can be imported; it applies the redaction module's `withoutValues` rule to an assertion's
 * expected value, and `test/grading/hidden-expected-values.test.ts` holds it to the same outcome.
 */
const OUTSIDE_REACH = new Set(['grading/node-check-harness.mjs']);

/**
 * Shapes of a hand-written redactor: a `.replace` or a `.split(…).join` whose replacement is a
 * placeholder such as `<root>` or `<redacted>`, or the credential placeholder's literal itself.
 */
const REDACTOR_SHAPES: readonly RegExp[] = [
  /\.replace(All)?\([^;]*?,\s*(\(\)\s*=>\s*)?['"`]<[a-z][a-z-]*>['"`]/,
  /\.join\(\s*['"`]<[a-z][a-z-]*>['"`]\s*\)/,
  /['"`]<redacted>['"`]/,
];

/** Source files (relative to `srcRoot`) other than the redaction module that hold a redactor's shape. */
export function otherRedactors(srcRoot: string): string[] {
  const files = readdirSync(srcRoot, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|mts|mjs|js)$/.test(f));
  return files
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file !== REDACTION_MODULE && !OUTSIDE_REACH.has(file))
    .filter((file) => {
      const text = readFileSync(join(srcRoot, file), 'utf8');
      return REDACTOR_SHAPES.some((shape) => shape.test(text));
    })
    .sort();
}
