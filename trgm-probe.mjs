import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const pg = await PGlite.create({ extensions: { pg_trgm } });
await pg.exec("create schema extensions; create extension if not exists pg_trgm with schema extensions;");
console.log((await pg.query("select extensions.similarity('abc','abd') s")).rows);
const dump = await pg.dumpDataDir();
const pg2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
console.log((await pg2.query("select extensions.similarity('abc','abd') s")).rows);
