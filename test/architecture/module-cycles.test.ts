import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { moduleCycles, moduleGraph } from './module-graph.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function plant(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('no module imports itself back', () => {
  test('src/ has no import cycle, type-only imports included', () => {
    expect(moduleCycles(moduleGraph(SRC))).toEqual([]);
  });

  test('a planted cycle of two modules, as grade.ts and tampering.ts once were, is found (positive control)', async () => {
    const root = await tempDir();
    plant(root, {
      'grading/grade.ts':
        "import { detect } from './tampering.js';\nexport interface Task { id: string }\nexport const g = detect;\n",
      'grading/tampering.ts': "import type { Task } from './grade.js';\nexport const detect = (t: Task) => t.id;\n",
      'grading/outcome.ts': "import { g } from './grade.js';\nexport const o = g;\n",
    });
    expect(moduleCycles(moduleGraph(root))).toEqual([['grading/grade.ts', 'grading/tampering.ts']]);
  });
});
