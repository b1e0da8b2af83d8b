// Runs the crossover CLI from its TypeScript source in a plain Node process (no Vitest, no build):
// Node 20 cannot strip types, so a Vite server loads src/cli/main.ts. It stays open while the command
// runs, because the command table imports a command's module only when that command runs.
// argv: the crossover arguments. Exit code: the command's.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const server = await createServer({
  configFile: false,
  root,
  logLevel: 'silent',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { main } = await server.ssrLoadModule(`${root}src/cli/main.ts`);
  process.exitCode = await main(process.argv.slice(2));
} finally {
  await server.close();
}
