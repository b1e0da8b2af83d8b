/**
 * Where a Crossover task's parts sit in the Harbor task directory `crossover corpus export harbor`
 * writes. Harbor's own files (task.toml, instruction.md, environment/Dockerfile, tests/test.sh,
 * solution/solve.sh) run the task in Harbor; crossover/ keeps what Harbor has no place for, so
 * `crossover corpus import harbor` restores the task byte for byte.
 */
export const EXPORTED = {
  /** task.json as it was, bytes and all */
  taskJson: 'crossover/task.json',
  decoys: 'crossover/decoys',
  history: 'crossover/history.bundle',
  /** the starting tree: the build context the Dockerfile copies to /app */
  workspace: 'environment/workspace',
  /** the reference overlay solve.sh copies over /app */
  reference: 'solution/reference',
  /** the hidden tests test.sh puts over /app */
  checks: 'tests/hidden',
  /** Crossover's verdict of the results, one file with what it imports */
  verdict: 'tests/crossover/verdict.mjs',
  /** the check lists and result format the verdict reads */
  lists: 'tests/crossover/checks.json',
} as const;
