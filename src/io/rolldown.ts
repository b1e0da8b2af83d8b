import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

type Rolldown = typeof import('rolldown');

/** The bundler Vite ships (its config loader bundles with it), taken from Vite's own dependencies. */
export async function viteBundler(): Promise<Rolldown> {
  const vite = createRequire(import.meta.url).resolve('vite');
  return (await import(pathToFileURL(createRequire(vite).resolve('rolldown')).href)) as Rolldown;
}

/**
 * One self-contained ES module of `entry` for Node, with every module and package it imports
 * (Node's built-ins stay imports): a script that runs where Crossover is not installed.
 */
export async function standaloneScript(entry: string): Promise<string> {
  const { rolldown } = await viteBundler();
  const build = await rolldown({
    input: entry,
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
