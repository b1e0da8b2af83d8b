#!/usr/bin/env node
import { existsSync } from 'node:fs';

// The CLI's bundle (scripts/bundle.mjs): Node loads a few chunks, not ~300 modules one by one.
const entry = new URL('../dist/bundled/cli.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('crossover: dist/ is missing; run `npm run build` (npm install runs it through `prepare`).\n');
  process.exit(2);
}
const { mainInProject } = await import(entry.href);
process.exitCode = await mainInProject(process.argv.slice(2));
