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

  test("the stylesheet, which blocks the first paint, comes before every script, and no module preload competes with it", async ({ request }) => {
    for (const path of ["/", "/book"]) {
      const head = (await (await request.get(path)).text()).split("</head>")[0] ?? "";
      const stylesheet = head.search(/<link[^>]+rel="stylesheet"/);
      expect(stylesheet, path).toBeGreaterThan(0);
      expect(head.search(/<script/), path).toBeGreaterThan(stylesheet);
      // The scripts' preloads are added by an inline script once the first frame is painted.
      expect(head, path).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(head, path).toMatch(/<script nonce="[^"]+">requestAnimationFrame\(.*"\/assets\/entry\.client-[^"]+\.js"/);
    }
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

  test("the icons browsers ask for by name are there: /favicon.ico and the touch icon the page links", async ({ request }) => {
    const icon = await request.get("/favicon.ico");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file: reserved 0, type 1 (icon), then its image count.
    expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const html = await (await request.get("/")).text();
    const touchIcon = /<link[^>]* rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(touchIcon).toBe("/apple-touch-icon.png");
    const touch = await request.get(touchIcon!);
    expect(touch.status()).toBe(200);
    expect(touch.headers()["content-type"]).toBe("image/png");
  });

  test("/healthz answers 200 with JSON", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });
});
