/** Adds `value` to the set kept under `key`, making the set on first use. */
export function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

/** The map with its keys and each key's values sorted (code-unit order): what a report can print byte for byte. */
export function sortedLists(map: ReadonlyMap<string, ReadonlySet<string>>): Map<string, string[]> {
  return new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, set]) => [key, [...set].sort()]));
}

/** The union of several maps of lists, sorted as sortedLists sorts. */
export function mergeLists(...maps: ReadonlyMap<string, readonly string[]>[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const map of maps) for (const [key, values] of map) for (const value of values) addTo(out, key, value);
  return sortedLists(out);
}
