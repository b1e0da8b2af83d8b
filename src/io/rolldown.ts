import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Rolldown = typeof import('rolldown');

/** The bundler Vite ships (its config loader bundles with it), taken from Vite's own dependencies. */
export async function viteBundler(): Promise<Rolldown> {
  const vite = createRequire(import.meta.url).resolve('vite');
  return (await import(pathToFileURL(createRequire(vite).resolve('rolldown')).href)) as Rolldown;
}

/**
 * A script's entry module: `stem` (a URL without extension) built beside the caller in dist/ (.js),
 * or its source when Crossover runs from src/ (.ts); null when neither is there.
 */
export async function entryModule(stem: URL): Promise<string | null> {
  for (const extension of ['.js', '.ts']) {
    const path = fileURLToPath(`${stem.href}${extension}`);
    const found = await access(path).then(
      () => true,
      () => false,
    );
    if (found) return path;
  }
  return null;
}

/**
 * One self-contained ES module of `entry` for Node, with every module and package it imports
 * (Node's built-ins stay imports, and the packages named `external`, which the script then finds
 * beside it): a script that runs where Crossover is not installed.
 */
export async function standaloneScript(entry: string, external: readonly string[] = []): Promise<string> {
  const { rolldown } = await viteBundler();
  const build = await rolldown({
    input: entry,
    external: [...external],
    platform: 'node',
    resolve: { mainFields: ['main'] },
    logLevel: 'silent',
  });
  try {
    const { output } = await build.generate({ format: 'esm', codeSplitting: false });
    return output[0].code;
  } finally {
    await build.close();
  }
}
