/** Splits contacts into first occurrences and later ones that repeat an email. */
export function dedupeByEmail(entries) {
  const seen = new Set();
  const unique = [];
  const duplicates = [];
  for (const entry of entries) {
    const { email } = entry.contact;
    if (email !== null && seen.has(email)) {
      duplicates.push({ line: entry.line, email });
      continue;
    }
    if (email !== null) seen.add(email);
    unique.push(entry);
  }
  return { unique, duplicates };
}
