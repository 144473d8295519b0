/**
 * A value made the first time it is asked for. For Intl formatters above all: one made at a module's
 * top level is made on every page that imports the module, used or not, and a page's first Intl
 * formatter costs a slow phone some 45 ms of start-up (loading its locale data).
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
