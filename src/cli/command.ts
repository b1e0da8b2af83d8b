/** One `crossover` sub-command: a summary for --help, and a run that returns the exit code. */
export interface Command {
  summary: string;
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}
