/**
 * Whether an answer's text is the provider saying it found nothing, as its declaration's `noResult`
 * words it (its text begins with one of them, leading space aside). Such an answer is empty: a
 * provider that answers every query with "No relevant code found" gave no context.
 */
export function saysNoResult(text: string, noResult: readonly string[] | undefined): boolean {
  const start = text.trimStart();
  return (noResult ?? []).some((phrase) => start.startsWith(phrase));
}
