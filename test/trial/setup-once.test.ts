import { readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { slugTask, writeFiles } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

describe("a repository task's setup", () => {
  it('runs once for eight concurrent trials of one task, and its outputs reach every grading', async () => {
    let downloads = 0;
    const server = createServer((_request, response) => {
      downloads += 1;
      response.end('export const fetched = true;\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    // The setup "installs" a dependency from a loopback registry (setup has network; trials do not).
    const install = `node -e "fetch('http://127.0.0.1:${port}/dep.js').then(r => r.text()).then(t => { const fs = require('fs'); fs.mkdirSync('node_modules/dep', { recursive: true }); fs.writeFileSync('node_modules/dep/index.js', t); fs.writeFileSync('node_modules/dep/package.json', '{\\"type\\":\\"module\\",\\"main\\":\\"index.js\\"}') })"`;
    const dir = await slugTask(join(await tempDir(), 'slug'), {
      setup: { command: install, outputs: ['node_modules'], timeoutSec: 120 },
      passToPass: ['lower-cases', 'joins two words', 'the dependency is installed'],
    });
    await writeFiles(dir, {
      'workspace/test/dep.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { fetched } from 'dep';\ntest('the dependency is installed', () => assert.equal(fetched, true));\n",
    });
    const task = await loadTask(dir);
    const root = await tempDir();
    const receipts = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const { receipt } = await runAdHocTrial({
          root,
          task,
          command: `true ${index}`,
          sandbox: 'bubblewrap',
          timeoutMs: 60_000,
          readOnly: [],
          loopback: false,
        });
        return receipt;
      }),
    );
    expect(downloads).toBe(1);
    expect(await readdir(join(root, '.crossover/cache/setup'))).toHaveLength(1);
    for (const receipt of receipts) {
      expect(receipt.status).toBe('failed');
      expect(receipt.checks.map((c) => [c.id, c.status])).toEqual([
        ['joins many words', 'fail'],
        ['trims', 'fail'],
        ['lower-cases', 'pass'],
        ['joins two words', 'pass'],
        ['the dependency is installed', 'pass'],
      ]);
    }
  }, 600_000);
});
