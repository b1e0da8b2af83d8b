import type { CorpusCard, CorpusFacts, ReasonTally } from '../contracts/corpus-card.js';
import { withoutMatches } from '../contracts/redaction.js';

const EXAMPLES = 3;
const REASON_LENGTH = 200;

/** A reason's shape, what exclusions share: its first clause, with commit ids and quoted names left out. */
export function reasonKey(reason: string): string {
  const first = reason.split('\n')[0]!.split(': ')[0]!;
  return withoutMatches(first, /\b[0-9a-f]{7,40}\b/g, '<commit>')
    .replace(/'[^']*'/g, "'…'")
    .replace(/"[^"]*"/g, '"…"')
    .slice(0, REASON_LENGTH);
}

/** Items grouped by reasonKey, most first (ties by reason), each with its first few names. */
function tallyReasons(items: readonly { name: string; reason: string }[]): ReasonTally[] {
  const groups = new Map<string, string[]>();
  for (const { name, reason } of items) {
    const key = reasonKey(reason);
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  return [...groups]
    .map(([reason, names]) => ({ reason, count: names.length, examples: names.slice(0, EXAMPLES) }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}

/** Total, min, median, max of whole numbers; null for none. The median of an even count is the mean of the middle two. */
function spread(values: readonly number[]): CorpusCard['files'] {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { total: sorted.reduce((sum, value) => sum + value, 0), min: sorted[0]!, median, max: sorted.at(-1)! };
}

function byCountThenName<T extends { name?: string; language?: string; tasks: number }>(a: T, b: T): number {
  const key = (item: T) => item.name ?? item.language ?? '';
  return b.tasks - a.tasks || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/** The corpus card of a plan's tasks and its corpus's exclusions. Pure. */
export function corpusCard(facts: CorpusFacts): CorpusCard {
  const repositories = new Map<string, number>();
  const languages = new Map<string, { tasks: number; files: number }>();
  for (const task of facts.tasks) {
    if (task.repository !== null) repositories.set(task.repository, (repositories.get(task.repository) ?? 0) + 1);
    for (const share of task.languages ?? []) {
      const tally = languages.get(share.language) ?? { tasks: 0, files: 0 };
      languages.set(share.language, { tasks: tally.tasks + 1, files: tally.files + share.files });
    }
  }
  const sized = facts.tasks.filter((task) => task.files !== null && task.lines !== null);
  return {
    tasks: facts.tasks.length,
    repositories: [...repositories].map(([name, tasks]) => ({ name, tasks })).sort(byCountThenName),
    withoutRepository: facts.tasks.filter((task) => task.repository === null).length,
    languages: [...languages].map(([language, tally]) => ({ language, ...tally })).sort(byCountThenName),
    sized: sized.length,
    files: spread(sized.map((task) => task.files!)),
    lines: spread(sized.map((task) => task.lines!)),
    excludedAtImport: {
      count: facts.excludedAtImport.length,
      reasons: tallyReasons(facts.excludedAtImport.map(({ source, reason }) => ({ name: source, reason }))),
    },
    excludedAtVerification: {
      count: facts.excludedAtVerification.length,
      reasons: tallyReasons(facts.excludedAtVerification.map(({ id, reason }) => ({ name: id, reason }))),
    },
  };
}
