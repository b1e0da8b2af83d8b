import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'rolldown';
import { viteBundler } from '../io/rolldown.js';

/** Names the bundle gives each module's own import.meta values (as Vite's config loader does). */
const FILE_SCOPE = {
  url: '__crossover_import_meta_url',
  dirname: '__crossover_import_meta_dirname',
  filename: '__crossover_import_meta_filename',
} as const;

/** TypeScript, which Node 20 cannot import: such a file is bundled in, never left as an import. */
const TYPESCRIPT = /\.[cm]?tsx?$/;

/** Each bundled module keeps its own import.meta.url, dirname and filename: its source file's, not the bundle's. */
function fileScope(): Plugin {
  return {
    name: 'crossover-file-scope',
    transform: {
      filter: { id: /\.[cm]?[jt]sx?$/ },
      handler(code, id) {
        const values = [
          `const ${FILE_SCOPE.url} = ${JSON.stringify(pathToFileURL(id).href)};`,
          `const ${FILE_SCOPE.dirname} = ${JSON.stringify(dirname(id))};`,
          `const ${FILE_SCOPE.filename} = ${JSON.stringify(id)};`,
        ];
        return { code: values.join('') + code, map: null };
      },
    },
  };
}

/**
 * Packages stay imports, resolved from the file that imports them (as Node would) and written as
 * absolute URLs, so the bundle imports them from anywhere; `aliases` name a bare specifier's file.
 */
function externalPackages(aliases: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'crossover-external-packages',
    resolveId: {
      filter: { id: /^[^./\0]/ },
      async handler(id, importer) {
        if (isBuiltin(id)) return { id, external: true };
        const file = Object.hasOwn(aliases, id)
          ? aliases[id]
          : (await this.resolve(id, importer, { skipSelf: true }))?.id;
        if (file === undefined) return null;
        return TYPESCRIPT.test(file) ? { id: file } : { id: pathToFileURL(file).href, external: true };
      },
    },
  };
}

async function bundle(file: string, aliases: Readonly<Record<string, string>>): Promise<string> {
  const { rolldown } = await viteBundler();
  const build = await rolldown({
    input: file,
    platform: 'node',
    // As Node resolves a package: its exports, else main (never the bundlers' "module" field).
    resolve: { mainFields: ['main'] },
    transform: {
      define: {
        'import.meta.url': FILE_SCOPE.url,
        'import.meta.dirname': FILE_SCOPE.dirname,
        'import.meta.filename': FILE_SCOPE.filename,
      },
    },
    // Every statement runs, as when the file is imported; a project's tsconfig (paths, targets) is not consulted.
    treeshake: false,
    tsconfig: false,
    logLevel: 'silent',
    plugins: [externalPackages(aliases), fileScope()],
  });
  try {
    const { output } = await build.generate({ format: 'esm', codeSplitting: false });
    return output[0].code;
  } finally {
    await build.close();
  }
}

/**
 * Imports a TypeScript module on Node 20, which cannot strip types: bundles it with its relative
 * imports, keeps packages as imports, and imports the bundle from a fresh temporary file (deleted
 * after), so every call evaluates the current sources, never a cached copy.
 */
export async function importTypeScript(
  file: string,
  aliases: Readonly<Record<string, string>> = {},
): Promise<Record<string, unknown>> {
  const code = await bundle(file, aliases);
  const dir = await mkdtemp(join(tmpdir(), 'crossover-import-'));
  const bundled = join(dir, `${basename(file)}.mjs`);
  try {
    await writeFile(bundled, code);
    return (await import(pathToFileURL(bundled).href)) as Record<string, unknown>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
