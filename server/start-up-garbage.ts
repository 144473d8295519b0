/** V8's collector as `--expose-gc` makes it a global; `async` returns a promise. */
type ExposedCollector = (options: { type: "major"; execution: "async"; flavor: "last-resort" }) => Promise<void>;

/**
 * Gives back what the start-up alone used (the migrations' files read, the admin's password hashed,
 * the first housekeeping's answers, and the code compiled for them): one memory-reducing ("last
 * resort") collection, which V8's own memory reducer does not make. Run once the start-up has
 * settled; without `--expose-gc` there is no collector to call and nothing happens.
 */
export function collectStartUpGarbage(): void {
  const collect = (globalThis as { gc?: ExposedCollector }).gc;
  void collect?.({ type: "major", execution: "async", flavor: "last-resort" });
}
