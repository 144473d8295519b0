import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SERVICE_ROLE,
  asSuperuser,
  callAs,
  copyOfTemplate,
  createAccount,
  interleaved,
  releasedAtOnce,
  type CallerTransaction,
  type TestDatabase,
} from "./support/database.ts";

// The rate-limit counters every server instance shares (public.hit_rate_limit), hit by many
// connections at the same moment: each hit counts once, none is lost, and the limit holds at its
// boundary, as rate-limiter-flexible allows a hit while the count returned is within its points.

/** The natural way to count that loses hits: read the counter, then write what was read plus one. */
const READ_THEN_WRITE = `
create or replace function public.hit_rate_limit(_key text, _points integer, _duration_ms bigint, _force_expiry boolean default false)
returns table (points integer, ms_before_next bigint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  seen integer;
begin
  select c.points into seen from public.rate_limit_counters c where c.key = _key and c.expires_at > clock_timestamp();
  return query
  insert into public.rate_limit_counters as c (key, points, expires_at)
  values (_key, coalesce(seen, 0) + _points, clock_timestamp() + make_interval(secs => _duration_ms / 1000.0))
  on conflict (key) do update set points = excluded.points, expires_at = excluded.expires_at
  returning c.points, _duration_ms;
end;
$$;`;

const hit = (key: string) => (caller: CallerTransaction) => caller.query<{ points: number }>("select points from public.hit_rate_limit($1, 1, 60000)", [key]);

let database: TestDatabase;
let weakened: TestDatabase;

beforeAll(async () => {
  [database, weakened] = await Promise.all([copyOfTemplate(), copyOfTemplate(READ_THEN_WRITE)]);
});

afterAll(async () => {
  await Promise.all([database?.drop(), weakened?.drop()]);
});

const counted = (url: string, key: string) =>
  asSuperuser(
    url,
    async (client) => (await client.query<{ points: number }>("select points from public.rate_limit_counters where key = $1", [key])).rows[0]?.points,
  );

describe("rate-limit counters hit by parallel connections", () => {
  it("count 16 hits of one key released at once exactly: each sees its own count, and 10 of them are within a limit of 10", async () => {
    const key = "login:address:sixteen-at-once";
    const outcomes = await releasedAtOnce(
      database.url,
      Array.from({ length: 16 }, () => SERVICE_ROLE),
      hit(key),
    );
    const seen = outcomes.map((outcome) => (outcome.ok ? outcome.rows[0]!.points : Number.NaN)).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
    expect(seen.filter((points) => points <= 10)).toHaveLength(10);
    expect(await counted(database.url, key)).toBe(16);
  });

  it("count a hit made while another is uncommitted after it: the second waits for the first and counts 2", async () => {
    const key = "login:address:interleaved";
    const [first, second] = await interleaved(database.url, [SERVICE_ROLE, SERVICE_ROLE], hit(key));
    expect([first.ok && first.rows[0]!.points, second.ok && second.rows[0]!.points]).toEqual([1, 2]);
    expect(await counted(database.url, key)).toBe(2);
  });

  it("lose a hit under the same interleaving when the counter is read, then written (the race the single upsert closes)", async () => {
    const key = "login:address:interleaved";
    const [first, second] = await interleaved(weakened.url, [SERVICE_ROLE, SERVICE_ROLE], hit(key));
    expect([first.ok && first.rows[0]!.points, second.ok && second.rows[0]!.points]).toEqual([1, 1]);
    expect(await counted(weakened.url, key)).toBe(1);
  });

  it("are counted by the server alone: a signed-in customer's connection may not hit them", async () => {
    const customer = await asSuperuser(database.url, (client) => createAccount(client));
    const outcome = await callAs(database.url, customer, hit("login:address:customer"));
    expect(outcome.ok ? "counted" : outcome.error.code).toBe("42501");
    expect(await counted(database.url, "login:address:customer")).toBeUndefined();
  });
});
