/**
 * Pure: in items sorted by `key`, the index of the last whose key is at most `at`; 0 when none is
 * (the caller checks the item it gets, as a line table's first line holds every offset before it).
 */
export function lastAtOrBefore<T>(items: readonly T[], key: (item: T) => number, at: number): number {
  let low = 0;
  let high = items.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (key(items[mid]!) <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}
