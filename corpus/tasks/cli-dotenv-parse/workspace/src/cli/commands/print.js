import { UsageError } from '../args.js';
import { FORMATS } from '../output.js';
import { loadChecked } from './load.js';

export function printCommand({ files, options }, io) {
  if (files.length === 0) throw new UsageError('print needs at least one file');
  const format = options.format ?? 'dotenv';
  if (!Object.hasOwn(FORMATS, format)) throw new UsageError(`unknown format ${format} (${Object.keys(FORMATS).join(', ')})`);
  const { vars, problems } = loadChecked(files, options, io);
  if (problems) {
    for (const problem of problems) io.stderr.write(`${problem}\n`);
    return 1;
  }
  io.stdout.write(FORMATS[format](vars));
  return 0;
}
