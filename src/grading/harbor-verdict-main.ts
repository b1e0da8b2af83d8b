/**
 * The verdict script of an exported task (tests/crossover/verdict.mjs, this file bundled with what
 * it imports): `node verdict.mjs <result file> <exit code> <checks.json>` prints the reward on
 * stdout and why a check failed on stderr.
 */
import { readFileSync } from 'node:fs';
import { harborVerdict, type VerdictInput } from './harbor-verdict.js';

const [resultFile, exitCode, listsFile] = process.argv.slice(2);
const read = (path: string | undefined) => {
  try {
    return path === undefined ? null : readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};
const lists = JSON.parse(read(listsFile) ?? 'null') as VerdictInput;
const { reward, why } = harborVerdict(lists, read(resultFile), Number(exitCode));
for (const line of why) process.stderr.write(`${line}\n`);
process.stdout.write(`${reward}\n`);
