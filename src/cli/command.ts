/** The exit code of a plan that may not run yet: `crossover run` refusing it, `crossover plan` reporting it. */
export const EXIT_BLOCKED = 5;

/** One `crossover` sub-command: its usage line, and a run that returns the exit code. */
export interface Command {
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/**
 * A row of the command table: the summary `crossover --help` lists, and the command's module,
 * imported only when that command runs (some pull in Vitest or Playwright).
 */
export interface CommandEntry {
  summary: string;
  load(): Promise<Command>;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}
