import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Provider, type ProviderInput, ProviderSchema } from '../../src/contracts/provider.js';
import { type LoadedTask, loadTask } from '../../src/corpus/load.js';
import { tempDir } from '../helpers/temp.js';

export const REPO = resolve(import.meta.dirname, '../..');
export const CODE_SEARCH = join(REPO, 'fixtures/providers/code-search');
export const BROKEN = join(REPO, 'fixtures/providers/broken');

/** A declaration with the reference provider's defaults; `overrides` replaces top-level fields. */
export function provider(overrides: Partial<ProviderInput> = {}): Provider {
  return ProviderSchema.parse({
    id: 'code-search',
    kind: 'search',
    interface: { type: 'mcp-stdio', command: 'node', args: [join(CODE_SEARCH, 'dist/server.mjs')] },
    mode: 'local',
    version: '1.0.0',
    index: { command: 'node', args: [join(CODE_SEARCH, 'index.mjs')] },
    allowedTools: ['search_code', 'find_symbol'],
    ...overrides,
  });
}

/** A stdio MCP provider running one of the broken fixtures. */
export function brokenMcp(file: string, args: string[] = [], overrides: Partial<ProviderInput> = {}): Provider {
  return provider({
    id: file.replace(/\.mjs$/, ''),
    interface: { type: 'mcp-stdio', command: 'node', args: [join(BROKEN, file), ...args] },
    index: undefined,
    allowedTools: [],
    ...overrides,
  });
}

/**
 * A minimal loadable task whose workspace holds `source` as src/app.js, in a temp dir removed when
 * the test ends; outside a test (in a beforeAll) pass `parent`, a directory the caller removes.
 */
export async function sampleTask(
  id = 'sample-task',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source is JavaScript with a template literal
  source = 'export function greet(name) {\n  return `hello ${name}`;\n}\n',
  parent?: string,
): Promise<LoadedTask> {
  const dir = join(parent ?? (await tempDir()), id);
  await mkdir(join(dir, 'workspace/src'), { recursive: true });
  await mkdir(join(dir, 'checks'), { recursive: true });
  await mkdir(join(dir, 'reference'), { recursive: true });
  await writeFile(join(dir, 'workspace/src/app.js'), source);
  await writeFile(join(dir, 'checks/greets.mjs'), 'export default async () => {};\n');
  await writeFile(join(dir, 'prompt.md'), 'Fix greet.\n');
  const task = {
    schema: 'crossover.task/1',
    id,
    title: 'Sample',
    category: 'sample',
    surface: 'library',
    timeoutSec: 60,
    checks: { required: [{ id: 'greets', file: 'greets.mjs', runner: 'node' }], regressions: [] },
  };
  await writeFile(join(dir, 'task.json'), JSON.stringify(task));
  return loadTask(dir);
}
