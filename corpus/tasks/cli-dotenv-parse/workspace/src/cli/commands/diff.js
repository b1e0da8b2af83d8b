import { loadEnvFiles } from '../../config/load.js';
import { UsageError } from '../args.js';
import { formatFileProblem } from '../report.js';

/** Lines describing how `after` differs from `before`: + added, - removed, ~ changed. */
function describeChanges(before, after) {
  const lines = [];
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key)) lines.push(`- ${key}`);
    else if (before[key] !== after[key]) lines.push(`~ ${key}: ${JSON.stringify(before[key])} -> ${JSON.stringify(after[key])}`);
  }
  for (const key of Object.keys(after)) {
    if (!Object.hasOwn(before, key)) lines.push(`+ ${key}=${JSON.stringify(after[key])}`);
  }
  return lines;
}

export function diffCommand({ files }, io) {
  if (files.length !== 2) throw new UsageError('diff needs exactly two files');
  let before;
  let after;
  try {
    before = loadEnvFiles([files[0]], io.readFile).vars;
    after = loadEnvFiles([files[1]], io.readFile).vars;
  } catch (err) {
    if (err.name !== 'EnvFileError') throw err;
    io.stderr.write(`${formatFileProblem(err)}\n`);
    return 1;
  }
  const lines = describeChanges(before, after);
  io.stdout.write(lines.length ? `${lines.join('\n')}\n` : 'no differences\n');
  return 0;
}
