/** Values kept in a Map by key: lists appended to, and values made on first use. */

/** Appends `value` to the list `map` holds for `key`, making the list on first use. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else list.push(value);
}

/** The value `map` holds for `key`, made by `make` and kept there on first use. */
export function getOrMake<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, value = make());
  return value;
}
