// Runs the crossover CLI from its TypeScript source in a plain Node process (no Vitest, no build):
// Node 20 cannot strip types, so Vite's module runner loads src/cli/main.ts.
// argv: the crossover arguments. Exit code: the command's.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const { module } = await runnerImport(`${root}src/cli/main.ts`, { configFile: false, root, logLevel: 'silent' });
process.exitCode = await module.main(process.argv.slice(2));
