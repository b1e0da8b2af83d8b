#!/usr/bin/env node
/**
 * Bundles the built trial harness (dist/plugin/harness.js and every Crossover module it imports,
 * with zod, diff, fast-xml-parser and json-stable-stringify) into dist/plugin/bundled/. Each Vitest
 * worker imports the harness once; Node 20 resolving, reading and compiling its ~330 modules one by
 * one cost about three times the CPU of one tree-shaken bundle (which also drops zod's locales),
 * paid by every worker as the run starts. Vitest and every other package stay imports, resolved
 * from here as from the unbundled files; each module keeps its own import.meta.url, so files next
 * to it (the node-check harness, the MCP relay) are still found in dist/.
 *
 *   node scripts/bundle-harness.mjs      (after tsc; `npm run build` runs both)
 */
import { rm } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(REPO, 'dist/plugin/bundled');
/** Pure-JavaScript packages bundled in, with their own dependencies; any other package (Vitest above all: one instance) stays an import. */
const BUNDLED = new Set(['zod', 'diff', 'fast-xml-parser', 'json-stable-stringify']);

/** A bare specifier's package name: `@scope/name` or `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The bundler Vite ships, as src/plan/import-typescript.ts takes it. */
async function rolldown() {
  const vite = createRequire(import.meta.url).resolve('vite');
  return import(pathToFileURL(createRequire(vite).resolve('rolldown')).href);
}

const keepPackages = {
  name: 'crossover-keep-packages',
  resolveId(id, importer) {
    if (isBuiltin(id)) return { id, external: true };
    if (/^[./]/.test(id) || id.startsWith('\0')) return null;
    // Only bundled packages' files import packages here: what they import is bundled with them.
    const fromBundled = importer?.includes('/node_modules/') ?? false;
    return BUNDLED.has(packageOf(id)) || fromBundled ? null : { id, external: true };
  },
};

/** A module's import.meta.url, as the bundle finds it: relative to the bundle, so dist/ may be moved or installed anywhere. */
const ownImportMeta = {
  name: 'crossover-own-import-meta',
  transform(code, id) {
    if (!code.includes('import.meta.url')) return null;
    const own = `new URL(${JSON.stringify(relative(OUT, id))}, import.meta.url).href`;
    return { code: code.replaceAll('import.meta.url', own), map: null };
  },
};

await rm(OUT, { recursive: true, force: true });
const { build } = await rolldown();
await build({
  input: join(REPO, 'dist/plugin/harness.js'),
  platform: 'node',
  plugins: [keepPackages, ownImportMeta],
  logLevel: 'warn',
  output: { dir: OUT, format: 'esm', entryFileNames: 'harness.js' },
});
