import { randomUUID } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manageLinkPath } from "../../app/domain/manage-link.ts";
import { manageBookingToken } from "../../app/services/manage-links.server.ts";
import { startTestBackend, uniqueEmail, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, startTestApp, type TestApp } from "./support/app-client.ts";
import { pageScripts } from "./support/page-scripts.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// What a page's HTML makes the phone download: the entry, the route modules and their imports, all
// named in the page. The landing is the page most visitors see first, on any phone: no form of its
// own needs Zod (the sign-in dialog's script, with its schemas, loads when the dialog opens), so the
// 20-odd KiB of Zod stay off it.

/** A mark only Zod's own code carries. */
const ZOD = "$ZodType";
/**
 * A mark only Zod's classic API carries (its schemas' base type), not its mini API: schemas built with
 * the classic API attach every method to every schema, weigh twice as much and take longer to make.
 */
const CLASSIC_ZOD = /[`"']ZodType[`"']/;
/** Words only the move's calendar of days and start times carries (the reschedule page's form). */
const MOVE_CALENDAR = "Show free times for this date";

let backend: TestBackend;
let app: TestApp;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

const assetSource = (asset: string) => readFileSync(path.join("build/client", asset), "utf8");

describe("the scripts a page loads", () => {
  it("the landing loads its route's scripts, and none of them is Zod", async () => {
    const { visitor } = await signIn(app, "guest");
    const page = await visitor.get("/");
    expect(page.status).toBe(200);
    const scripts = pageScripts(page.html);
    expect(scripts.some((script) => /\/landing-[^/]+\.js$/.test(script))).toBe(true);
    expect(scripts.filter((script) => assetSource(script).includes(ZOD))).toEqual([]);
  });

  it("a form's page does load Zod, for its instant messages", async () => {
    const { visitor } = await signIn(app, "guest");
    const page = await visitor.get("/book");
    expect(page.status).toBe(200);
    expect(pageScripts(page.html).some((script) => assetSource(script).includes(ZOD))).toBe(true);
  });

  it("a form's Zod is the mini API: no script the browser may load carries the classic one", () => {
    const assets = readdirSync("build/client/assets").filter((file) => file.endsWith(".js"));
    expect(assets.filter((file) => assetSource(`assets/${file}`).includes(ZOD)).length).toBeGreaterThan(0);
    expect(assets.filter((file) => CLASSIC_ZOD.test(assetSource(`assets/${file}`)))).toEqual([]);
  });

  it("a booking's page by its emailed link loads no calendar: its Reschedule is a link to the calendar's page", async () => {
    const booking = await insertStoredBooking(app.serviceRole, { user: { id: randomUUID(), email: uniqueEmail("scripts") } }, { user_id: null });
    const token = manageBookingToken(app.options.cookieSecret, booking);
    const scriptsOf = async (path: string) => {
      const page = await app.visitor().get(path);
      expect(page.status).toBe(200);
      return pageScripts(page.html).filter((script) => assetSource(script).includes(MOVE_CALENDAR));
    };
    expect(await scriptsOf(manageLinkPath(token))).toEqual([]);
    expect(await scriptsOf(manageLinkPath(token, "/manage/reschedule"))).not.toEqual([]);
  });
});
