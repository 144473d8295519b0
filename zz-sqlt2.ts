import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const pg = await PGlite.create({ dataDir: process.argv[2] + "/pg", extensions: { pg_trgm } });
const admin = (await pg.query<{ user_id: string }>("select user_id from public.user_roles where role = 'admin' limit 1")).rows[0]!.user_id;
await pg.exec(`set role authenticated; select set_config('request.jwt.claims', '{"sub":"${admin}","role":"authenticated"}', false)`);
for (const q of process.argv.slice(3)) {
  const times: number[] = [];
  for (let i = 0; i < 15; i++) { const t = performance.now(); await pg.query(q); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(`${times[7]!.toFixed(1)} ms median, max ${times[14]!.toFixed(1)}: ${q.slice(0, 120)}`);
}
if (process.env.EXPLAIN) { await pg.exec("reset role; load 'auto_explain'").catch(e => console.log(String(e))); }
await pg.close();
