// Schemas and Intl formatters cost time to make (Zod builds each check and method when a schema is
// made; a page's first Intl formatter costs a slow phone some 45 ms, loading its locale data). A page
// that makes every one its modules define at start-up spends that time before it answers a tap; made
// when first asked for, one costs nothing on the pages that never use it.

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
