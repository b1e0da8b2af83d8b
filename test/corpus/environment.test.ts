import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../src/contracts/corpus.js';
import { environmentKey } from '../../src/corpus/environment.js';
import { loadCorpus, loadTask } from '../../src/corpus/load.js';
import { baseImages } from '../../src/io/container-image.js';
import { writeFiles } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

const TASK = {
  schema: 'crossover.task/1',
  id: 'one',
  title: 'a task',
  category: 'c',
  surface: 'library',
  timeoutSec: 60,
  checks: { required: [{ id: 'a', file: 'a.mjs', runner: 'node' }], regressions: [] },
};

/** A task folder `id` under `parent` with `extra` in its task.json and `files` beside it. */
async function task(parent: string, extra: Record<string, unknown>, files: Record<string, string> = {}, id = 'one') {
  const dir = join(parent, id);
  await writeFiles(dir, {
    'task.json': JSON.stringify({ ...TASK, id, ...extra }),
    'prompt.md': 'Fix it.\n',
    'workspace/a.js': 'export const a = 1;\n',
    'checks/a.mjs': 'export default () => {};\n',
    'reference/a.js': 'export const a = 2;\n',
    ...files,
  });
  return dir;
}

describe("a task's environment", () => {
  it('resolves a Dockerfile and its own folder as the context, relative to the task', async () => {
    const dir = await task(
      await tempDir(),
      { environment: { dockerfile: 'environment/Dockerfile' } },
      {
        'environment/Dockerfile': 'FROM crossover/bookworm:base\n',
      },
    );
    const loaded = await loadTask(dir);
    expect(loaded.environment).toEqual({
      dockerfile: join(dir, 'environment/Dockerfile'),
      context: join(dir, 'environment'),
      declaredIn: join(dir, 'task.json'),
      browser: 'host',
    });
  });

  it('refuses a missing Dockerfile, naming the file and the field', async () => {
    const dir = await task(await tempDir(), { environment: { dockerfile: 'environment/Dockerfile' } });
    await expect(loadTask(dir)).rejects.toThrow(
      `${join(dir, 'task.json')}: $.environment.dockerfile: expected a file, "environment/Dockerfile" is not one`,
    );
  });

  it('refuses a build context holding the hidden checks: the image would carry them', async () => {
    const dir = await task(await tempDir(), { environment: { dockerfile: 'Dockerfile' } }, { Dockerfile: 'FROM x\n' });
    await expect(loadTask(dir)).rejects.toThrow(/\$\.environment\.dockerfile: the build context \. holds checks/);
  });

  it('refuses an image that is not named by digest', () => {
    const parsed = TaskSchema.safeParse({ ...TASK, environment: { image: 'debian:bookworm' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('expected an image by digest');
  });

  it('says where browser checks run: the image when it declares so, the host by default; nothing else', async () => {
    const environment = { dockerfile: 'environment/Dockerfile', browser: 'image' };
    const files = { 'environment/Dockerfile': 'FROM crossover/bookworm:base\n' };
    const dir = await task(await tempDir(), { environment }, files);
    const inImage = await loadTask(dir);
    expect(inImage.environment?.browser).toBe('image');
    // Part of the task's identity, which the plan binds: the same task on the host's Chromium is another task.
    const onHost = await task(await tempDir(), { environment: { ...environment, browser: 'host' } }, files);
    expect((await loadTask(onHost)).digest).not.toBe(inImage.digest);
    const wrong = await task(await tempDir(), { environment: { ...environment, browser: 'container' } }, files);
    await expect(loadTask(wrong)).rejects.toThrow('$.environment.browser');
  });

  it("is its corpus's for a task that declares none; a task's own wins", async () => {
    const root = await tempDir();
    await writeFiles(root, {
      'corpus.json': JSON.stringify({
        schema: 'crossover.corpus/1',
        id: 'c',
        version: '1',
        categories: [{ id: 'c', title: 'C' }],
        environment: { dockerfile: 'environment/Dockerfile' },
      }),
      'environment/Dockerfile': 'FROM crossover/bookworm:base\n',
    });
    await task(join(root, 'tasks'), {});
    const image = `local/x@sha256:${'a'.repeat(64)}`;
    await task(join(root, 'tasks'), { environment: { image, browser: 'image' } }, {}, 'two');
    const corpus = await loadCorpus(root);
    expect(corpus.tasks.map((t) => [t.task.id, t.environment])).toEqual([
      [
        'one',
        {
          dockerfile: join(root, 'environment/Dockerfile'),
          context: join(root, 'environment'),
          declaredIn: join(root, 'corpus.json'),
          browser: 'host',
        },
      ],
      ['two', { image, declaredIn: join(root, 'tasks/two/task.json'), browser: 'image' }],
    ]);
  });

  it('is named by the digest of its Dockerfile and its context: a changed context file is another image', async () => {
    const dir = await task(
      await tempDir(),
      { environment: { dockerfile: 'environment/Dockerfile' } },
      {
        'environment/Dockerfile': 'FROM crossover/bookworm:base\nCOPY tool.sh /usr/local/bin/\n',
        'environment/tool.sh': 'echo one\n',
      },
    );
    const environment = (await loadTask(dir)).environment as Parameters<typeof environmentKey>[0];
    const first = await environmentKey(environment);
    expect(await environmentKey(environment)).toBe(first);
    await writeFile(join(dir, 'environment/tool.sh'), 'echo two\n');
    expect(await environmentKey(environment)).not.toBe(first);
  });
});

describe('the images a Dockerfile starts from', () => {
  it('are its FROM images, stage names, flags and scratch left out', async () => {
    const dir = await tempDir();
    const dockerfile = join(dir, 'Dockerfile');
    await writeFile(
      dockerfile,
      'FROM --platform=linux/amd64 crossover/bookworm:base AS build\nRUN true\nFROM build\nfrom scratch\nFROM local/tools@sha256:' +
        `${'b'.repeat(64)}\n`,
    );
    expect(await baseImages(dockerfile)).toEqual(['crossover/bookworm:base', `local/tools@sha256:${'b'.repeat(64)}`]);
  });
});
