/** The value below which a share `q` (0.5 for the median, 0.95…) of the samples fall. */
export function percentile(values: readonly number[], q: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
}
