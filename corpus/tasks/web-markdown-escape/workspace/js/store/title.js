/** A note's title: its first non-empty line without heading marks. */
export function titleOf(body) {
  const line = body.split('\n').find((l) => l.trim() !== '') ?? '';
  const title = line.replace(/^#{1,6}\s+/, '').trim();
  return title === '' ? 'Untitled' : title.slice(0, 60);
}
