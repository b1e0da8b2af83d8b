/** `file:line: message` for syntax errors, `file: message` otherwise. */
export function formatFileProblem(err) {
  const where = err.line ? `${err.file}:${err.line}` : err.file;
  return `${where}: ${err.message}`;
}

export function formatSchemaProblem(problem) {
  return `schema: ${problem}`;
}
