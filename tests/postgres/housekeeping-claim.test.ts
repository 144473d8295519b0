import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

// The daily housekeeping is claimed through public.claim_housekeeping_run() by every server instance
// that looks (each hour): however many look at the same moment, one of them runs it.

/** The natural way to claim that lets two win: read the last claim, then write one if it was old. */
const READ_THEN_CLAIM = `
create or replace function public.claim_housekeeping_run()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  last_claim timestamptz;
begin
  select r.claimed_at into last_claim from public.housekeeping_runs r where r.job = 'daily';
  if last_claim > now() - interval '23 hours' then
    return false;
  end if;
  insert into public.housekeeping_runs (job, claimed_at) values ('daily', now())
  on conflict (job) do update set claimed_at = excluded.claimed_at;
  return true;
end;
$$;`;

const claim = (caller: CallerTransaction) => caller.query<{ claimed: boolean }>("select public.claim_housekeeping_run() as claimed");
const instances = (count: number) => Array.from({ length: count }, () => SERVICE_ROLE);
const winners = (outcomes: Array<{ ok: boolean; rows?: Array<{ claimed: boolean }> }>) =>
  outcomes.filter((outcome) => outcome.ok && outcome.rows![0]!.claimed).length;

let database: TestDatabase;
let weakened: TestDatabase;

beforeAll(async () => {
  [database, weakened] = await Promise.all([copyOfTemplate(), copyOfTemplate(READ_THEN_CLAIM)]);
});

afterAll(async () => {
  await Promise.all([database?.drop(), weakened?.drop()]);
});

beforeEach(async () => {
  for (const { url } of [database, weakened]) await asSuperuser(url, (client) => client.query("delete from public.housekeeping_runs"));
});

/** The claims recorded: how many rows, and whether the daily one is from the last minute. */
const recorded = (url: string) =>
  asSuperuser(
    url,
    async (client) => (await client.query<{ fresh: boolean }>("select claimed_at > now() - interval '1 minute' as fresh from public.housekeeping_runs")).rows,
  );

describe("the daily housekeeping claimed by several instances at once", () => {
  it("is won by exactly one of six instances claiming at the same moment, the first time ever", async () => {
    const outcomes = await releasedAtOnce(database.url, instances(6), claim);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(winners(outcomes)).toBe(1);
    expect(await recorded(database.url)).toEqual([{ fresh: true }]);
  });

  it("is won by exactly one of six once the last run is a day old, and by none while it is recent", async () => {
    await asSuperuser(database.url, (client) =>
      client.query("insert into public.housekeeping_runs (job, claimed_at) values ('daily', now() - interval '24 hours')"),
    );
    expect(winners(await releasedAtOnce(database.url, instances(6), claim))).toBe(1);
    expect(winners(await releasedAtOnce(database.url, instances(6), claim))).toBe(0);
    expect(await recorded(database.url)).toEqual([{ fresh: true }]);
  });

  it("is not won by an instance that claims while another's claim is uncommitted: it waits, then finds it taken", async () => {
    const [first, second] = await interleaved(database.url, [SERVICE_ROLE, SERVICE_ROLE], claim);
    expect([first, second].map((outcome) => outcome.ok && outcome.rows[0]!.claimed)).toEqual([true, false]);
  });

  it("is won twice under the same interleaving when the last claim is read, then written (the race the conditional upsert closes)", async () => {
    const [first, second] = await interleaved(weakened.url, [SERVICE_ROLE, SERVICE_ROLE], claim);
    expect([first, second].map((outcome) => outcome.ok && outcome.rows[0]!.claimed)).toEqual([true, true]);
  });

  it("is claimed by the server alone: a signed-in admin's connection may not", async () => {
    const admin = await asSuperuser(database.url, (client) => createAccount(client, "admin"));
    const outcome = await callAs(database.url, admin, claim);
    expect(outcome.ok ? "claimed" : outcome.error.code).toBe("42501");
    expect(await recorded(database.url)).toEqual([]);
  });
});
