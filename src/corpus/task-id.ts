/** A task id from a source's name (a SWE-bench instance_id, a Harbor task directory): lower-case, other characters made "-", at most 80 long. */
export function taskIdOf(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 80);
  return id === '' ? 'instance' : id;
}
