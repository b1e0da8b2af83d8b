import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

const repo = join(import.meta.dirname, '../..');
const bin = join(repo, 'bin/crossover.js');
const AGENTS = join(repo, 'fixtures/agents');
/** Erase the line, go to its start, draw a green "passed": what an agent would print over "failed". */
const FORGED = '\u001b[2K\u001b[1G\u001b[32mpassed';

describe('ANSI escapes in a failure message printed by crossover trial', () => {
  it('are shown as text, never sent to the terminal; the receipt itself holds them raw (the test is real)', async () => {
    const cwd = await tempDir();
    // An ad-hoc agent's directory lies under the working directory, which is the project root.
    const agents = join(cwd, 'agents');
    await cp(AGENTS, agents, { recursive: true });
    // The agent names a directory with the escapes: the contamination finding quotes the path.
    const agent = `node ${agents}/write-outside.mjs "$(printf '\\033[2K\\033[1G\\033[32mpassed')/AGENTS.md"`;
    const result = await execa(
      'node',
      [
        bin,
        'trial',
        join(repo, 'fixtures/tasks/valid-node'),
        '--agent',
        agent,
        '--agent-dir',
        agents,
        '--receipts',
        'receipts',
      ],
      { cwd, reject: false },
    );
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('contaminated');
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toContain('\\x1b[2K\\x1b[1G\\x1b[32mpassed/AGENTS.md');
    const [file] = await readdir(join(cwd, 'receipts'));
    const receipt = JSON.parse(await readFile(join(cwd, 'receipts', file as string), 'utf8'));
    expect(JSON.stringify(receipt.findings)).toContain(JSON.stringify(FORGED).slice(1, -1));
  });
});
