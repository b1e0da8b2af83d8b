import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { LAYERS, layerViolations } from './layers.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function plant(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('imports point one way along the pipeline', () => {
  test('no file in src/ imports against the direction', () => {
    expect(layerViolations(SRC)).toEqual([]);
  });

  test('every top folder of src/ has a place in the order', () => {
    const known = new Set(LAYERS.flat());
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !known.has(f))).toEqual([]);
  });

  test('a planted upward import is reported with its file and direction', async () => {
    const root = await tempDir();
    plant(root, {
      'contracts/a.ts': 'export const a = 1;\n',
      'corpus/qualify.ts': "import { run } from '../trial/run.js';\nexport const q = run;\n",
      'trial/run.ts': "import { a } from '../contracts/a.js';\nexport const run = a;\n",
    });
    expect(layerViolations(root)).toEqual(['corpus/qualify.ts: corpus → trial']);
  });

  test('score may import nothing but contracts, and a dynamic import counts', async () => {
    const root = await tempDir();
    plant(root, {
      'score/x.ts': "export async function f() { return import('../io/json.js'); }\n",
      'io/json.ts': 'export const j = 1;\n',
    });
    expect(layerViolations(root)).toEqual(['score/x.ts: score → io']);
  });

  test('folders of one rank do not import each other', async () => {
    const root = await tempDir();
    plant(root, { 'probe/p.ts': "export * from '../providers/r.js';\n", 'providers/r.ts': 'export const r = 1;\n' });
    expect(layerViolations(root)).toEqual(['probe/p.ts: probe → providers']);
  });
});
