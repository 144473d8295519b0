import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "./node-flags.ts";

const environment = Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);

describe("the server's Node flags and environment", () => {
  it("are the ones npm start runs the server with", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(["NODE_ENV=production", ...environment, "node", ...SERVER_NODE_FLAGS, "build/server.js"].join(" "));
  });
});
