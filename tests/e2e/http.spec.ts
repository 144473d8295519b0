import { expect, test } from "@playwright/test";

test.describe("HTTP behaviour", () => {
  test("pages carry a nonce-based CSP and no x-powered-by", async ({ request }) => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'strict-dynamic' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
  });

  test("pages are compressed", async ({ request }) => {
    const response = await request.get("/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("hashed assets are cached for a year; a missing one is a plain 404", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await request.get("/assets/nope-123.js");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).not.toContain("Oops! Page not found");
  });

  test("/healthz answers 200 with JSON", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });
});
