import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RateLimiterRes } from "rate-limiter-flexible";
import { createAuthRateLimits, createBeaconRateLimit } from "../../app/services/rate-limit.server.ts";
import { RateLimiterDatabase } from "../../app/services/rate-limit-store.server.ts";
import { deletedRows } from "../../app/services/housekeeping.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";

// Rate limits counted in public.rate_limit_counters hold across instances of the server: each
// "instance" here is a limiter with its own service-role client, as each server process has. The
// window is the database's: a counter whose window has ended starts again.

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
}, 60_000);

afterAll(async () => {
  await backend?.close();
});

beforeEach(async () => {
  if (!usingHostedBackend) await backend.sql("delete from public.rate_limit_counters");
});

/** A service-role client as one server process makes it; `calls` counts its requests to the database. */
function instanceClient(fetchImpl: typeof fetch = backend.fetch): { client: AppSupabaseClient; calls: () => number } {
  let calls = 0;
  const counted: typeof fetch = (input, init) => {
    calls += 1;
    return fetchImpl(input, init);
  };
  return { client: createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: counted }, backend.serviceRoleKey), calls: () => calls };
}

const limiterOn = (client: AppSupabaseClient, points = 3, keyPrefix = "test:shared") =>
  new RateLimiterDatabase({ keyPrefix, points, duration: 60, serviceRole: client });

async function refusal(attempt: Promise<unknown>): Promise<RateLimiterRes> {
  const outcome = await attempt.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  expect(outcome).toBeInstanceOf(RateLimiterRes);
  return outcome as RateLimiterRes;
}

describe.skipIf(usingHostedBackend)("rate-limit counters in the database", () => {
  it("counts one key across two instances: what one spent the other cannot spend again", async () => {
    const [first, second] = [limiterOn(instanceClient().client), limiterOn(instanceClient().client)];
    expect((await first.consume("203.0.113.1")).consumedPoints).toBe(1);
    expect((await second.consume("203.0.113.1")).consumedPoints).toBe(2);
    expect((await first.consume("203.0.113.1")).remainingPoints).toBe(0);
    const refused = await refusal(second.consume("203.0.113.1"));
    expect(refused.consumedPoints).toBe(4);
    expect(refused.msBeforeNext).toBeGreaterThan(55_000);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    // Another key has its own allowance; get and delete see the same counter from either instance.
    expect((await first.consume("203.0.113.2")).consumedPoints).toBe(1);
    expect((await first.get("203.0.113.1"))?.consumedPoints).toBe(4);
    expect(await second.delete("203.0.113.1")).toBe(true);
    expect(await first.get("203.0.113.1")).toBeNull();
    expect((await first.consume("203.0.113.1")).consumedPoints).toBe(1);
  });

  it("counts a burst on two instances exactly, in a few calls: every point once, none early, none lost", async () => {
    const [one, two] = [instanceClient(), instanceClient()];
    const limiters = [limiterOn(one.client, 50, "test:burst"), limiterOn(two.client, 50, "test:burst")];
    const outcomes = await Promise.all(
      Array.from({ length: 120 }, (_, hit) =>
        limiters[hit % 2]!.consume(hit % 3 === 0 ? "198.51.100.20" : "198.51.100.21").then(
          (result) => ({ allowed: true, result }),
          (result: RateLimiterRes) => ({ allowed: false, result }),
        ),
      ),
    );
    for (const address of ["198.51.100.20", "198.51.100.21"]) {
      const ofAddress = outcomes.filter((_, hit) => (hit % 3 === 0) === (address === "198.51.100.20"));
      const allowed = ofAddress.filter((outcome) => outcome.allowed).map((outcome) => outcome.result.consumedPoints);
      // Each hit saw the counter after its own point: 1, 2, … n, whichever instance it came to.
      expect(allowed.sort((a, b) => a - b)).toEqual(Array.from({ length: Math.min(ofAddress.length, 50) }, (_, index) => index + 1));
      expect((await limiters[0]!.get(address))?.consumedPoints).toBe(ofAddress.length);
    }
    // 40 hits on one address, all allowed; 80 on the other, of which 50 are allowed. Together in few calls.
    expect(one.calls() + two.calls()).toBeLessThan(30);
  });

  it("starts a counter again once its window has ended", async () => {
    const limiter = limiterOn(instanceClient().client, 2);
    await limiter.consume("198.51.100.9");
    await limiter.consume("198.51.100.9");
    await refusal(limiter.consume("198.51.100.9"));
    // The minute passes (on the database's clock, which decides).
    await backend.sql("update public.rate_limit_counters set expires_at = clock_timestamp() - interval '1 millisecond'");
    expect(await limiter.get("198.51.100.9")).toBeNull();
    const again = await limiterOn(instanceClient().client, 2).consume("198.51.100.9");
    expect(again).toMatchObject({ consumedPoints: 1, remainingPoints: 1, isFirstInDuration: true });
    expect(again.msBeforeNext).toBeGreaterThan(55_000);
  });

  it("holds sign-in attempts split between two servers, and the failures' pause, to one allowance", async () => {
    const [one, two] = [1, 2].map(() => createAuthRateLimits({ attemptsPerMinute: 3, counters: { serviceRole: instanceClient().client } })) as [
      ReturnType<typeof createAuthRateLimits>,
      ReturnType<typeof createAuthRateLimits>,
    ];
    expect(await one.beforeSignIn("192.0.2.40", "Guessed@example.com", false)).toBeNull();
    expect(await two.beforeSignIn("192.0.2.40", "guessed@example.com", false)).toBeNull();
    expect(await one.beforeSignIn("192.0.2.40", "guessed@example.com", false)).toBeNull();
    const wait = await two.beforeSignIn("192.0.2.40", "guessed@example.com", false);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    // Failures reported to either server add up: beyond three, every browser new to the account waits.
    for (const server of [one, two, one, two]) await server.signInFailed("owner@example.com");
    expect(await two.beforeSignIn("192.0.2.41", "owner@example.com", false)).toBeGreaterThan(0);
    expect(await one.beforeSignIn("192.0.2.42", "owner@example.com", true)).toBeNull();
  });

  it("keeps no address or email in the table, and gives it to no one but the server", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 5, counters: { serviceRole: instanceClient().client } });
    await limits.beforeSignIn("192.0.2.77", "private.person@example.com", false);
    const keys = (await backend.sql<{ key: string }>("select key from public.rate_limit_counters order by key")).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(/^login:(address|pair):[A-Za-z0-9_-]{43}$/);
      expect(key).not.toContain("192.0.2.77");
      expect(key).not.toContain("private.person");
    }

    const anon = backend.createClient();
    expect((await anon.from("rate_limit_counters").select("*")).error?.code).toBe("42501");
    expect((await anon.rpc("hit_rate_limit", { _key: "beacon:address:x", _points: -100, _duration_ms: 60_000 })).error?.code).toBe("42501");
    expect((await anon.rpc("get_rate_limit", { _key: keys[0] })).error?.code).toBe("42501");
    expect((await anon.rpc("delete_rate_limit", { _key: keys[0] })).error?.code).toBe("42501");
    expect((await anon.rpc("purge_expired_rate_limits")).error?.code).toBe("42501");
    expect((await backend.sql("select 1 from public.rate_limit_counters")).length).toBe(2);
  });

  it("purges expired counters only, and says how many", async () => {
    const { client } = instanceClient();
    const limiter = limiterOn(client);
    for (const address of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) await limiter.consume(address);
    await backend.sql(
      "update public.rate_limit_counters set expires_at = clock_timestamp() - interval '1 second' where key in (select key from public.rate_limit_counters limit 2)",
    );
    expect(await deletedRows(client, "purge_expired_rate_limits")).toEqual({ rows: 2 });
    expect(await deletedRows(client, "purge_expired_rate_limits")).toEqual({ rows: 0 });
    expect((await backend.sql("select 1 from public.rate_limit_counters")).length).toBe(1);
  });

  it("keeps limiting from memory while the database cannot be reached, instead of failing", async () => {
    const unreachable = instanceClient(() => Promise.reject(new TypeError("fetch failed"))).client;
    const limits = createAuthRateLimits({ attemptsPerMinute: 2, counters: { serviceRole: unreachable } });
    expect(await limits.beforeSignIn("192.0.2.90", "outage@example.com", false)).toBeNull();
    expect(await limits.beforeSignIn("192.0.2.90", "outage@example.com", false)).toBeNull();
    expect(await limits.beforeSignIn("192.0.2.90", "outage@example.com", false)).toBeGreaterThan(0);
    await limits.signInFailed("outage@example.com");
    expect(await limits.beforeRequest("password-reset", "192.0.2.90", "outage@example.com")).toBeNull();
  });

  it("refuses an address that has spent its beacon allowance from memory, without asking the database again", async () => {
    const { client, calls } = instanceClient();
    const beacons = createBeaconRateLimit({ eventsPerMinute: 3, counters: { serviceRole: client } });
    const counted = async () =>
      (await backend.sql<{ points: number }>("select points from public.rate_limit_counters where key like 'beacon:address:%'"))[0]?.points ?? 0;
    // Beacons are answered before they are counted: sent one after another, the count keeps up.
    let accepted = 0;
    for (let beacon = 0; beacon < 3; beacon++) {
      if ((await beacons.before("203.0.113.50")) === null) accepted += 1;
      await expect.poll(counted).toBe(beacon + 1);
    }
    expect(accepted).toBe(3);
    expect(await beacons.before("203.0.113.50")).toBeGreaterThan(0);
    const asked = calls();
    for (let beacon = 0; beacon < 20; beacon++) expect(await beacons.before("203.0.113.50")).toBeGreaterThan(0);
    expect(calls()).toBe(asked);
    expect(await counted()).toBe(3);

    // Another instance, which has not seen the address spend it, lets one through while that one is counted, then refuses it too.
    const other = createBeaconRateLimit({ eventsPerMinute: 3, counters: { serviceRole: instanceClient().client } });
    expect(await other.before("203.0.113.50")).toBeNull();
    await expect.poll(() => other.before("203.0.113.50")).toBeGreaterThan(0);
    expect(await counted()).toBeLessThanOrEqual(6);
  });
});
