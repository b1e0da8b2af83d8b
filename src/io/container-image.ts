import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type ContainerEngine, engineCommand, engineEnvironment } from './container-engine.js';

/**
 * The image's id (sha256:…) when `reference` (a tag, an id or name@digest) names an image on this
 * machine; else null. Podman prints an id without its algorithm: it is sha256 there too.
 */
export async function imageId(engine: ContainerEngine, reference: string): Promise<string | null> {
  const result = await engineCommand(engine, ['image', 'inspect', '--format', '{{.Id}}', reference]);
  const id = result.stdout.trim().replace(/^(?=[0-9a-f]{64}$)/, 'sha256:');
  return result.code === 0 && /^sha256:[0-9a-f]{64}$/.test(id) ? id : null;
}

/**
 * The images a Dockerfile starts FROM, stage names and `scratch` left out: each must be on this
 * machine before a build, since nothing is pulled.
 */
export async function baseImages(dockerfile: string): Promise<string[]> {
  const text = await readFile(dockerfile, 'utf8');
  const stages = new Set<string>(['scratch']);
  const bases: string[] = [];
  for (const line of text.split('\n')) {
    const words = line.trim().split(/\s+/);
    if (words[0]?.toUpperCase() !== 'FROM') continue;
    const rest = words.slice(1).filter((word) => !word.startsWith('--'));
    const image = rest[0];
    if (image !== undefined && !stages.has(image.toLowerCase())) bases.push(image);
    if (rest[1]?.toUpperCase() === 'AS' && rest[2] !== undefined) stages.add(rest[2].toLowerCase());
  }
  return [...new Set(bases)];
}

export interface ImageBuild {
  dockerfile: string;
  context: string;
  tag: string;
  labels: Record<string, string>;
}

/**
 * Builds one image, streaming the engine's output line by line to `onLine`; resolves with the exit
 * code and the last lines (what a failure shows). Never pulls: Podman is told so, and Docker's
 * classic builder pulls only a base that is missing, which the caller checked is present.
 */
export function buildImage(
  engine: ContainerEngine,
  build: ImageBuild,
  onLine: (line: string) => void,
): Promise<{ code: number | null; tail: string }> {
  const args = [
    'build',
    ...(engine.kind === 'podman' ? ['--pull=never'] : []),
    '--tag',
    build.tag,
    ...Object.entries(build.labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]),
    '--file',
    build.dockerfile,
    build.context,
  ];
  return new Promise((resolve) => {
    const child = spawn(engine.path, args, { env: engineEnvironment(engine), stdio: ['ignore', 'pipe', 'pipe'] });
    let partial = '';
    const tail: string[] = [];
    const take = (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (tail.length > 30) tail.shift();
        onLine(line);
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => resolve({ code: null, tail: error.message }));
    child.on('close', (code) => {
      if (partial !== '') tail.push(partial);
      resolve({ code, tail: tail.join('\n') });
    });
  });
}
