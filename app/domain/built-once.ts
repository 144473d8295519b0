// Schemas cost time to build (Zod builds each check and method when a schema is made). A page that
// builds every schema its modules define at start-up spends that time before it answers a tap; built
// when first asked for, a schema costs nothing on the pages that never use it.

/** A value built the first time it is asked for, then kept. */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/** A value that depends on one key (today's date, say), built the first time a key is asked for; the last key's value is kept. */
export function builtForKey<Key, T>(build: (key: Key) => T): (key: Key) => T {
  let last: { key: Key; value: T } | undefined;
  return (key) => {
    if (!last || !Object.is(last.key, key)) last = { key, value: build(key) };
    return last.value;
  };
}
