/**
 * `compute` remembered per key, for pure functions of a string that every request calls (a
 * cookie's signature, a session key's hash, a profile list's flags). At most `max` answers are
 * kept: past that the memory starts afresh, so keys sent by clients cannot make it grow.
 */
export function memoByKey<T>(compute: (key: string) => T, max = 1000): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined || known.has(key)) return hit as T;
    const value = compute(key);
    if (known.size >= max) known.clear();
    known.set(key, value);
    return value;
  };
}
