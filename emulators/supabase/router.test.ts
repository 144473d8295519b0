import { describe, expect, it } from "vitest";
import { createRouter, route } from "./router.ts";

const echo = (name: string) => async (_request: Request, params: unknown) => Response.json({ name, params });

const router = createRouter(
  [
    route("POST", "/object/list/:bucket", echo("list")),
    route(["GET", "HEAD"], "/object/:bucket/*key", echo("read")),
    route("DELETE", "/object/:bucket", echo("remove")),
    route("GET", "/user", echo("user")),
  ],
  {
    notFound: () => new Response("not found", { status: 404 }),
    methodNotAllowed: () => new Response("method not allowed", { status: 405 }),
  },
);

async function call(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await router(new Request(`http://localhost${path}`, { method }), path);
  const text = await response.text();
  return { status: response.status, body: response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
}

describe("the services' router", () => {
  it("passes a segment per :name and the rest of the path, still encoded, as *name", async () => {
    expect(await call("POST", "/object/list/avatars")).toEqual({ status: 200, body: { name: "list", params: { bucket: "avatars" } } });
    expect((await call("GET", "/object/avatars/a/b%20c.png")).body).toEqual({ name: "read", params: { bucket: "avatars", key: "a/b%20c.png" } });
  });

  it("passes empty segments on, for the service to validate", async () => {
    expect((await call("DELETE", "/object/")).body).toEqual({ name: "remove", params: { bucket: "" } });
    expect((await call("GET", "/object/avatars/")).body).toEqual({ name: "read", params: { bucket: "avatars", key: "" } });
  });

  it("tries routes in order and skips those of other methods", async () => {
    expect((await call("GET", "/object/list/avatars")).body).toEqual({ name: "read", params: { bucket: "list", key: "avatars" } });
  });

  it("answers 405 for a known path with another method, 404 for an unknown path", async () => {
    expect(await call("PUT", "/user")).toEqual({ status: 405, body: "method not allowed" });
    expect(await call("GET", "/user/")).toEqual({ status: 404, body: "not found" });
    expect(await call("GET", "/object/avatars")).toEqual({ status: 405, body: "method not allowed" });
    expect(await call("GET", "/object")).toEqual({ status: 404, body: "not found" });
  });
});
