const NEXT = { horizontal: 'ArrowRight', vertical: 'ArrowDown' };
const PREVIOUS = { horizontal: 'ArrowLeft', vertical: 'ArrowUp' };

/**
 * The index a composite widget moves to for `key`, or null when the key
 * does not move. `wrap` makes the ends wrap around; otherwise they stop.
 */
export function targetIndex(key, current, count, { orientation = 'horizontal', wrap = true } = {}) {
  if (count === 0) return null;
  switch (key) {
    case NEXT[orientation]:
      return wrap ? (current + 1) % count : Math.min(count - 1, current + 1);
    case PREVIOUS[orientation]:
      return wrap ? (current - 1 + count) % count : Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
