import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * The pipeline's folders in the order imports may point: a folder imports only folders of a lower
 * rank (docs/architecture.md). Folders that share a rank do not import each other. `score` is pure
 * and imports only `contracts`, whatever its rank.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['contracts'],
  ['io'],
  ['grading'],
  ['corpus'],
  ['provider-runtime'],
  ['probe', 'providers'],
  ['agents'],
  ['plan'],
  ['trial'],
  ['receipts'],
  ['score'],
  ['reporters'],
  ['plugin'],
  ['cli'],
];

/** Folders held to a narrower list than their rank gives. */
const ONLY: Readonly<Record<string, readonly string[]>> = { score: ['contracts'] };

/** The public entry re-exports from every layer; it is nobody's dependency. */
const ENTRY = 'index';

export interface ImportEdge {
  /** the importing file, relative to the source root */
  file: string;
  from: string;
  to: string;
}

function rank(folder: string): number {
  return LAYERS.findIndex((layer) => layer.includes(folder));
}

/** Every relative import or re-export (static or dynamic) that crosses from one top folder to another. */
export function crossFolderImports(srcRoot: string): ImportEdge[] {
  const files = readdirSync(srcRoot, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|mts|mjs|js)$/.test(f));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(join(srcRoot, file), 'utf8');
    const from = topFolder(file);
    const specifiers = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g);
    for (const match of specifiers) {
      const target = normalize(join(dirname(file), match[1] as string));
      if (target.startsWith('..')) continue;
      const to = topFolder(target);
      if (to !== from) edges.push({ file: file.split(sep).join('/'), from, to });
    }
  }
  return edges;
}

function topFolder(path: string): string {
  const first = path.split(/[\\/]/)[0] as string;
  return first.replace(/\.(ts|mts|mjs|js)$/, '');
}

/** The edges that point against the pipeline, each as `file: from → to`. */
export function layerViolations(srcRoot: string): string[] {
  return crossFolderImports(srcRoot)
    .filter((edge) => edge.from !== ENTRY && !allowed(edge.from, edge.to))
    .map((edge) => `${edge.file}: ${edge.from} → ${edge.to}`)
    .sort();
}

function allowed(from: string, to: string): boolean {
  const only = ONLY[from];
  if (only !== undefined) return only.includes(to);
  const fromRank = rank(from);
  const toRank = rank(to);
  if (fromRank < 0 || toRank < 0) return false;
  return toRank < fromRank;
}
