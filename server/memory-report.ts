import { renameSync, writeFileSync } from "node:fs";

/** What a part added to the process while it was loaded or started. */
export interface PartGrowth {
  part: string;
  /** Resident memory, V8's used heap and memory outside it (Buffers, WebAssembly), in bytes. */
  rss: number;
  heapUsed: number;
  external: number;
}

/** The figures a memory report holds, each in bytes. */
export interface MemoryReport {
  process: NodeJS.MemoryUsage;
  /** What each part added at start-up, in the order they started. */
  startup: PartGrowth[];
  /** The embedded database's WebAssembly memory (it grows and never shrinks); null when hosted. */
  databaseWasmMemory: number | null;
  /** libvips' operation cache and threads; null until the first image is processed. */
  imageLibrary: { cache: Record<"memory" | "files" | "items", { current: number; max: number }>; concurrency: number } | null;
}

export interface MemoryReporter {
  /** Runs `start` and records what it added to the process as `part`. */
  measure<T>(part: string, start: () => Promise<T>): Promise<T>;
  /** Writes a report to the file on each SIGUSR2; `read` gives the figures only known once started. */
  reportOnSignal(read: () => Pick<MemoryReport, "databaseWasmMemory" | "imageLibrary">): void;
}

/**
 * A diagnostic for measuring the server's memory: given MEMORY_REPORT_FILE, the server records what
 * each part adds at start-up and writes a JSON report to that file on SIGUSR2 (a local signal, so
 * nothing about it is reachable over HTTP). Without the file, it records and listens to nothing.
 */
export function createMemoryReporter(file: string | undefined): MemoryReporter {
  if (!file) return { measure: (_part, start) => start(), reportOnSignal: () => {} };
  const startup: PartGrowth[] = [];
  return {
    async measure(part, start) {
      const before = process.memoryUsage();
      const result = await start();
      const after = process.memoryUsage();
      startup.push({ part, rss: after.rss - before.rss, heapUsed: after.heapUsed - before.heapUsed, external: after.external - before.external });
      return result;
    },
    reportOnSignal(read) {
      process.on("SIGUSR2", () => {
        const report: MemoryReport = { process: process.memoryUsage(), startup, ...read() };
        // Written whole, then renamed: a reader never sees half a report.
        writeFileSync(`${file}.partial`, JSON.stringify(report));
        renameSync(`${file}.partial`, file);
      });
    },
  };
}
