import type { CorpusCard, ReasonTally } from '../contracts/corpus-card.js';

/** The card's facts as sentences: one projection for Markdown and HTML (each escapes its own way). */
function cardLines(card: CorpusCard): {
  facts: string[];
  importReasons: ReasonTally[];
  verificationReasons: ReasonTally[];
} {
  const repositories =
    card.repositories.length === 0
      ? 'none recorded'
      : `${card.repositories.length} (${card.repositories
          .slice(0, 8)
          .map((r) => `${r.name} ${r.tasks}`)
          .join(', ')}${card.repositories.length > 8 ? ', …' : ''})`;
  const languages =
    card.languages.length === 0
      ? 'unknown'
      : card.languages.map((l) => `${l.language} in ${l.tasks} tasks (${l.files} files)`).join(', ');
  const size = (name: string, spread: CorpusCard['files']) =>
    spread === null
      ? `${name}: unknown (no task verified at its digest)`
      : `${name} per starting tree: median ${spread.median}, ${spread.min} to ${spread.max}, ${spread.total} in all`;
  return {
    facts: [
      `Tasks: ${card.tasks}`,
      `Repositories: ${repositories}${card.withoutRepository > 0 ? `; ${card.withoutRepository} tasks without a recorded repository` : ''}`,
      `Languages: ${languages}`,
      `${size('Files', card.files)}; ${size('lines', card.lines)} (over ${card.sized} of ${card.tasks} tasks)`,
      `Excluded at import: ${card.excludedAtImport.count}`,
      `Excluded at verification: ${card.excludedAtVerification.count}`,
    ],
    importReasons: card.excludedAtImport.reasons,
    verificationReasons: card.excludedAtVerification.reasons,
  };
}

function reasonText(tally: ReasonTally): string {
  return `${tally.count} × ${tally.reason} (${tally.examples.join(', ')}${tally.count > tally.examples.length ? ', …' : ''})`;
}

/** The corpus card as Markdown lines; none when the scorecard has no card. */
export function corpusCardMarkdown(card: CorpusCard | undefined): string[] {
  if (card === undefined) return [];
  const { facts, importReasons, verificationReasons } = cardLines(card);
  const reasons = (title: string, tallies: ReasonTally[]) =>
    tallies.length === 0 ? [] : ['', `${title}:`, '', ...tallies.map((tally) => `- ${reasonText(tally)}`)];
  return [
    '## Corpus',
    '',
    'What the comparison stands on, from the corpus and its import and verification records.',
    '',
    ...facts.map((fact) => `- ${fact}`),
    ...reasons('Why excluded at import', importReasons),
    ...reasons('Why excluded at verification', verificationReasons),
  ];
}

/** The corpus card as an HTML section; empty when the scorecard has no card. */
export function corpusCardHtml(card: CorpusCard | undefined, escapeText: (text: string) => string): string {
  if (card === undefined) return '';
  const { facts, importReasons, verificationReasons } = cardLines(card);
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeText(item)}</li>`).join('')}</ul>`;
  const reasons = (title: string, tallies: ReasonTally[]) =>
    tallies.length === 0 ? '' : `<p>${escapeText(title)}:</p>${list(tallies.map(reasonText))}`;
  return `<section id="corpus"><h2>Corpus</h2><p class="note">What the comparison stands on, from the corpus and its import and verification records.</p>${list(facts)}${reasons('Why excluded at import', importReasons)}${reasons('Why excluded at verification', verificationReasons)}</section>`;
}
