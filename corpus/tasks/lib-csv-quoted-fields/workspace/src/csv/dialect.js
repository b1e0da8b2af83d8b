import { splitLines, stripBom } from './lines.js';

const CANDIDATES = [',', ';', '\t'];

/**
 * Picks the delimiter that occurs most often in the header line. Spreadsheets in many
 * European locales export with `;`, and "Save as text" gives tabs.
 */
export function detectDelimiter(text) {
  const [header = ''] = splitLines(stripBom(text));
  let best = ',';
  let bestCount = 0;
  for (const candidate of CANDIDATES) {
    const count = header.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}
