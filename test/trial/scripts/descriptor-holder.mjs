// Runs as a child of the test with descriptor 20 open on a directory the agent must not see (bash
// opened it without close-on-exec, as any parent of the harness may). Runs the same sandboxed
// agent twice: through agentExec (descriptors above 2 closed; in bubblewrap, or in a container of
// the base image) and, as the positive control, through bwrap directly with the descriptor left
// open. Prints both outputs as JSON.
// argv: <dist dir> <trial dir> [bubblewrap|container]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

const [dist, trialDir, backend = 'bubblewrap'] = process.argv.slice(2);
const { agentExec } = await import(join(dist, 'trial/agent-exec.js'));
const { runContained } = await import(join(dist, 'io/contained-process.js'));
const { bubblewrapArgv, handOver, requireSandbox } = await import(join(dist, 'io/sandbox.js'));

/** The agent's sandbox: bubblewrap, or a container of the base image. */
async function agentSandbox() {
  if (backend === 'bubblewrap') return requireSandbox();
  const { resolveContainerEngine } = await import(join(dist, 'io/container-engine.js'));
  const { imageId } = await import(join(dist, 'io/container-image.js'));
  const { containerHost } = await import(join(dist, 'io/container-host.js'));
  const { BASE_IMAGE } = await import(join(dist, 'corpus/environment.js'));
  return containerHost(await imageId(await resolveContainerEngine(), BASE_IMAGE));
}

const writable = ['workspace', 'home', 'tmp'].map((name) => join(trialDir, name));
for (const dir of writable) await mkdir(dir, { recursive: true });
const sandbox = await agentSandbox();
const bwrap = await requireSandbox();
await handOver(writable, sandbox.identity);
const layout = { writable, readOnly: [], shareNetwork: false };
const marker = { variable: 'CROSSOVER_TRIAL_RUN=descriptor-holder', directory: trialDir };
const env = { PATH: '/usr/bin:/bin', HOME: writable[1], CROSSOVER_TRIAL_RUN: 'descriptor-holder' };
const argv = ['sh', '-c', 'cat /proc/self/fd/20/secret.txt 2>/dev/null || echo "no descriptor 20"'];
const run = { timeoutMs: 20_000, signal: new AbortController().signal, marker };

const exec = agentExec({
  sandbox,
  layout,
  agentDirs: writable.slice(1),
  marker,
  deadline: performance.now() + 20_000,
  signal: run.signal,
});
const closed = await exec(argv, { cwd: writable[0], env });
const args = bubblewrapArgv(layout, writable[0], argv, bwrap.identity);
const open = await runContained({ file: bwrap.bwrap.path, args, cwd: writable[0], env }, run);
process.stdout.write(JSON.stringify({ closed: closed.stdout.trim(), open: open.stdout.trim() }));
