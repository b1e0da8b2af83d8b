import { loadEnvFiles } from '../../config/load.js';
import { parseSchema } from '../../schema/load.js';
import { validateAgainstSchema } from '../../schema/validate.js';
import { formatFileProblem, formatSchemaProblem } from '../report.js';

/**
 * Loads the files (and the schema, if given) for validate/print. Returns `{ vars }` or
 * `{ problems }`, the lines to print on stderr.
 */
export function loadChecked(files, options, io) {
  let vars;
  try {
    ({ vars } = loadEnvFiles(files, io.readFile));
  } catch (err) {
    if (err.name === 'EnvFileError') return { problems: [formatFileProblem(err)] };
    throw err;
  }
  if (!options.schema) return { vars };

  let text;
  try {
    text = io.readFile(options.schema);
  } catch {
    return { problems: [`${options.schema}: cannot read the schema`] };
  }
  const { schema, problems } = parseSchema(text);
  if (!schema) return { problems: problems.map((problem) => `${options.schema}: ${problem}`) };
  const result = validateAgainstSchema(vars, schema);
  if (result.problems.length) return { problems: result.problems.map(formatSchemaProblem) };
  return { vars: result.values };
}
