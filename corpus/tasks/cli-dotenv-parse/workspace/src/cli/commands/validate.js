import { UsageError } from '../args.js';
import { loadChecked } from './load.js';

export function validateCommand({ files, options }, io) {
  if (files.length === 0) throw new UsageError('validate needs at least one file');
  const { vars, problems } = loadChecked(files, options, io);
  if (problems) {
    for (const problem of problems) io.stderr.write(`${problem}\n`);
    return 1;
  }
  const count = Object.keys(vars).length;
  io.stdout.write(`ok: ${count} variable${count === 1 ? '' : 's'} in ${files.join(', ')}\n`);
  return 0;
}
