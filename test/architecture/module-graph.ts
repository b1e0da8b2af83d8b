import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** Every source module of `srcRoot` and the modules it imports (relative imports, type-only ones included). */
export function moduleGraph(srcRoot: string): Map<string, string[]> {
  const files = readdirSync(srcRoot, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|mts|mjs)$/.test(f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(srcRoot, file), 'utf8');
    const targets = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)]
      .map((match) => resolveModule(srcRoot, file, match[1] as string))
      .filter((target): target is string => target !== null);
    graph.set(file.split('\\').join('/'), [...new Set(targets)]);
  }
  return graph;
}

/** The source file a relative specifier names: `./x.js` is `./x.ts` in the sources. */
function resolveModule(srcRoot: string, from: string, specifier: string): string | null {
  const target = normalize(join(dirname(from), specifier));
  for (const candidate of [target, target.replace(/\.js$/, '.ts'), target.replace(/\.mjs$/, '.mts')])
    if (existsSync(join(srcRoot, candidate)) && /\.(ts|mts|mjs)$/.test(candidate))
      return relative('.', candidate).split('\\').join('/');
  return null;
}

/** The cycles of the graph: each strongly connected set of two or more modules (or one that imports itself), sorted. */
export function moduleCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(members.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}
