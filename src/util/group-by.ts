/** Appends `value` to the list `map` holds under `key`, making the list on first use. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Items grouped by `key`, each list in the order given. */
export function groupBy<K, T>(items: Iterable<T>, key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) pushTo(out, key(item), item);
  return out;
}
