/**
 * The flags Node runs the server with (`npm start`, the container, the tests and benchmarks).
 *
 * `--liftoff-only`: WebAssembly runs on V8's baseline compiler only. The embedded database is
 * PostgreSQL compiled to WebAssembly; its busiest functions (the SQL parser, the executor) are huge,
 * and optimizing them in the background took about 500 MiB for a moment after each start, doubling
 * the server's peak. Baseline code answers the app's queries as fast through the REST layer and the
 * heaviest embeds about a third slower. Hosted backends run no WebAssembly but Node's HTTP parser.
 *
 * `--max-semi-space-size=4`: V8's young generation at 4 MiB a half instead of 16; the server's
 * short-lived garbage (a page's render) fits it as well, and an idle server holds about 20 MiB less.
 * Down to 2 MiB each request took about a sixth more CPU.
 *
 * `--max-old-space-size=384`: a smaller limit makes V8 grow its heap by smaller steps and give the
 * growth back after a burst of requests (with the default limit of a big machine, several GiB, it
 * kept 100 to 250 MiB of heap it no longer used 10 s after a short load). The server uses 50 to 100 MiB of it;
 * exports and uploads stream or live outside this heap.
 *
 * `--no-sparkplug`: no baseline machine code for JavaScript between the interpreter and the optimizing
 * compilers, which still compile what runs hot. The embedded server held 2 to 3 MiB less idle and
 * 15 to 20 MiB less under load and after it, for the same CPU a page and requests a second (within
 * the noise of a shared machine).
 *
 * `--expose-gc`: the server runs one memory-reducing collection once its start-up has settled
 * (`server/start-up-garbage.ts`). V8's own memory reducer keeps the compiled code and caches only the
 * start-up used; this collection drops them: the embedded server idles 3 to 5 MiB smaller. It also
 * makes `gc` a global, which nothing else in the server calls.
 *
 * V8 reads these flags only on the command line: they cannot be set once the process runs.
 */
export const SERVER_NODE_FLAGS = ["--liftoff-only", "--max-semi-space-size=4", "--max-old-space-size=384", "--no-sparkplug", "--expose-gc"] as const;

/**
 * The environment the server starts with, read by the C library before any code runs.
 *
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (Node's thread pool compressing,
 * libvips) an arena of its own, up to eight per core, and rarely returns their memory; two arenas
 * kept the server about 80 MiB smaller after a load.
 *
 * `MALLOC_MMAP_THRESHOLD_=131072`: glibc's own starting value, fixed. Left alone, glibc raises it to
 * the size of each large block freed (up to 32 MiB): once the embedded database's 9 MB module file
 * was read and freed, every later block up to that size (compiler zones, compression buffers) came
 * from the arenas, whose freed middle glibc keeps. Fixed, a block of 128 KiB or more is mapped on
 * its own and given back when freed: about 10 MiB less idle and 10 to 20 MiB less after a load.
 */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" } as const;
