import { afterAll, beforeAll, expect, it } from "vitest";
import { COMPANY } from "../../app/domain/company.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, startTestApp, type TestApp } from "./support/app-client.ts";

// The accessibility statement says the standard, how the site is tested, what is missing and how to
// report a problem; every page's footer links it, beside the company's phone and email (help found in
// the same place on every page).

let backend: TestBackend;
let app: TestApp;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
});
afterAll(async () => {
  await backend?.close();
});

it("states the standard, the testing, the known gaps and how to report a problem", async () => {
  const page = await app.visitor().get("/accessibility");
  expect(page.status).toBe(200);
  expect(page.text).toContain("WCAG) 2.2 at level AA");
  for (const heading of ["The standard", "How it is tested", "What we know is missing", "Tell us about a problem"]) expect(page.text).toContain(heading);
  expect(page.html).toContain(`href="mailto:${COMPANY.email}"`);
  expect(page.html).toMatch(/<title>Accessibility · /);
});

it("is linked from the footer of the public pages, every wizard step and the dashboard, with the phone and email beside it", async () => {
  const guest = app.visitor();
  const { visitor } = await signIn(app, "customer", { label: "footer" });
  const pages = [
    [guest, "/"],
    [guest, "/book"],
    [guest, "/no-such-page"],
    [visitor, "/dashboard"],
    [visitor, "/dashboard/bookings"],
  ] as const;
  for (const [who, path] of pages) {
    const page = await who.get(path);
    const footer = /<footer[\s\S]*<\/footer>/.exec(page.html)?.[0] ?? "";
    expect(footer, path).toContain('href="/accessibility"');
    expect(footer, path).toContain(`href="mailto:${COMPANY.email}"`);
  }
});
