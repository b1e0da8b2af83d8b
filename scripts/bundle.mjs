#!/usr/bin/env node
/**
 * Bundles the built entries into dist/bundled/: the trial harness (dist/plugin/harness.js, which
 * each Vitest worker imports once), the plugin's global setup, the CLI (dist/cli/main.js, which
 * bin/crossover.js imports) and the package's exports (dist/index.js, which an experiment file
 * imports while the CLI loads it, and the reporter), each with every Crossover module it imports
 * and zod, diff, fast-xml-parser and json-stable-stringify. Node 20 resolving, reading and
 * compiling ~300 modules one by one cost about three times the CPU of a tree-shaken bundle (which
 * also drops zod's locales), paid by every worker and by the CLI as a run starts. One build, so
 * the entries share their chunks: the CLI, the global setup Vitest imports beside it, the
 * experiment it loads and a Vitest config's plugin and reporter use one copy of each module.
 * Vitest and every other package stay imports, resolved from here as from the unbundled files;
 * each module keeps its own import.meta.url, so files next to it (the node-check harness, the MCP
 * relay) are still found in dist/.
 *
 * It also bundles the reference code-search provider's server (see below).
 *
 *   node scripts/bundle.mjs      (after tsc; `npm run build` runs both)
 */
import { rm } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(REPO, 'dist/bundled');
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
    // The expression, not the words in a string (the experiment loader names it as a define key).
    return { code: code.replace(/(?<!['"`])\bimport\.meta\.url\b/g, own), map: null };
  },
};

const { build } = await rolldown();

// The reference code-search provider (fixtures/providers/code-search), what experiments start:
// server.mjs with the MCP SDK, zod and ajv in one file, as a provider package ships its bin. Its
// ~170 modules loaded one by one cost each start about 210 ms of CPU, bundled about 90 ms, and the
// suite starts it some 240 times. The plan digests the file it names, so the bundle binds the
// server's helpers and packages too. Built first: test/helpers/fresh-build.ts reads
// dist/bundled/harness.js as the build's last output.
await build({
  input: join(REPO, 'fixtures/providers/code-search/server.mjs'),
  platform: 'node',
  logLevel: 'warn',
  output: { file: join(REPO, 'fixtures/providers/code-search/dist/server.mjs'), format: 'esm' },
});

await rm(OUT, { recursive: true, force: true });
await build({
  input: {
    harness: join(REPO, 'dist/plugin/harness.js'),
    'global-setup': join(REPO, 'dist/plugin/global-setup.js'),
    cli: join(REPO, 'dist/cli/main.js'),
    index: join(REPO, 'dist/index.js'),
    reporter: join(REPO, 'dist/reporters/crossover-reporter.js'),
  },
  platform: 'node',
  plugins: [keepPackages, ownImportMeta],
  logLevel: 'warn',
  output: { dir: OUT, format: 'esm', entryFileNames: '[name].js' },
});
