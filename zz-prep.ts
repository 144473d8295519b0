import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const pg = await PGlite.create({ dataDir: process.argv[2] + "/pg", extensions: { pg_trgm } });
for (const q of process.argv.slice(3)) { const t = performance.now(); await pg.exec(q); console.log(`${(performance.now() - t).toFixed(0)} ms: ${q}`); }
await pg.close();
