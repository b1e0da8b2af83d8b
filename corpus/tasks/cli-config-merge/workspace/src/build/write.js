import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { listFiles, readText } from '../utils/fsx.js';
import { minifyCss, minifyJs } from './minify.js';

async function copyStatic(staticDir, outDir, minify) {
  for (const file of await listFiles(staticDir)) {
    const target = join(outDir, file);
    await mkdir(dirname(target), { recursive: true });
    if (file.endsWith('.css') && minify.css) await writeFile(target, minifyCss(await readText(join(staticDir, file))));
    else if (file.endsWith('.js') && minify.js) await writeFile(target, minifyJs(await readText(join(staticDir, file))));
    else await copyFile(join(staticDir, file), target);
  }
}

/** Writes a planned build to `outDir` and copies static/ next to it. */
export async function writeBuild(outDir, plan, { clean }) {
  if (clean) await rm(outDir, { recursive: true, force: true });
  for (const file of plan.files) {
    const target = join(outDir, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.contents);
  }
  await copyStatic(join(outDir, '..', 'static'), outDir, plan.minify);
}
