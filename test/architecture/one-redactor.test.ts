import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { otherRedactors, REDACTION_MODULE } from './redactors.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function plant(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('text reaches an artifact through one redaction module', () => {
  test('no file in src/ but the redaction module replaces text with placeholders', () => {
    expect(otherRedactors(SRC)).toEqual([]);
  });

  test('the redactors this project once had are each found (positive control)', async () => {
    const root = await tempDir();
    plant(root, {
      [REDACTION_MODULE]: "export const r = (t: string) => t.replace(/x/g, '<root>');\n",
      'trial/execute.ts': "const clean = places.reduce((out, [p, n]) => out.replace(p, '<trial>'), text);\n",
      'probe/redact.ts': "for (const secret of secrets) out = out.split(secret).join('<redacted>');\n",
      'trial/evidence.ts': "return text.replace(pattern, () => '<tmp>');\n",
      'grading/fine.ts': "export const marker = 'a <b> tag';\n",
    });
    expect(otherRedactors(root)).toEqual(['probe/redact.ts', 'trial/evidence.ts', 'trial/execute.ts']);
  });
});
