import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseCrossSiteWrites } from "./csrf.ts";

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(refuseCrossSiteWrites("https://movers.example"));
  app.all("/{*path}", (_request, response) => {
    response.send("changed");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

const post = (headers: Record<string, string>) => fetch(`${base}/logout`, { method: "POST", headers });

describe("refuseCrossSiteWrites", () => {
  it("lets same-origin posts and requests without browser headers through", async () => {
    expect((await post({ "sec-fetch-site": "same-origin", origin: "https://movers.example" })).status).toBe(200);
    expect((await post({ origin: "https://movers.example" })).status).toBe(200);
    expect((await post({ origin: base })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it("refuses posts another site makes a browser send", async () => {
    expect((await post({ "sec-fetch-site": "cross-site", origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "same-site", origin: "https://shop.movers.example" })).status).toBe(403);
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ origin: "null" })).status).toBe(403);
  });

  it("never blocks reads", async () => {
    expect((await fetch(`${base}/`, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(200);
  });
});
