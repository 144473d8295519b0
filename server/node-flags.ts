/**
 * The flags Node runs the server with (`npm start`, the container, the tests and benchmarks).
 *
 * `--liftoff-only`: WebAssembly runs on V8's baseline compiler only. The embedded database is
 * PostgreSQL compiled to WebAssembly; its busiest functions (the SQL parser, the executor) are huge,
 * and optimizing them in the background took about 500 MiB for a moment after each start, doubling
 * the server's peak. Baseline code answers the app's queries as fast through the REST layer and the
 * heaviest embeds about a third slower. Hosted backends run no WebAssembly but Node's HTTP parser.
 * V8 reads these flags only on the command line: they cannot be set once the process runs.
 */
export const SERVER_NODE_FLAGS = ["--liftoff-only"] as const;
