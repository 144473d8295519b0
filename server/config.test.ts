import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.ts";

describe("readConfig", () => {
  it("defaults to port 3000, ./.data and the embedded backends", () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/\.data$/);
    expect(config.supabase).toEqual({ mode: "embedded" });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.admin.email).toBe("admin@example.com");
  });

  it("treats an empty value as unset", () => {
    const config = readConfig({ TRUST_PROXY: "", ADMIN_PASSWORD: "", PORT: "" });
    expect(config.trustProxy).toBe(false);
    expect(config.admin.password).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it("names the variable that is wrong", () => {
    expect(() => readConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: "70000" })).toThrow(ConfigError);
    expect(() => readConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => readConfig({ ADMIN_EMAIL: "not-an-email" })).toThrow(/ADMIN_EMAIL/);
  });

  it("needs both keys with a hosted Supabase URL", () => {
    expect(() => readConfig({ SUPABASE_URL: "https://abc.supabase.co" })).toThrow(/SUPABASE_ANON_KEY[\s\S]*SUPABASE_SERVICE_ROLE_KEY/);
    const config = readConfig({
      SUPABASE_URL: "https://abc.supabase.co/",
      SUPABASE_ANON_KEY: "anon-key-of-twenty-characters",
      SUPABASE_SERVICE_ROLE_KEY: "service-key-of-twenty-characters",
    });
    expect(config.supabase).toMatchObject({ mode: "hosted", url: "https://abc.supabase.co" });
  });

  it("refuses EMBEDDED=0 without hosted keys and EMBEDDED=1 with them", () => {
    expect(() => readConfig({ EMBEDDED: "0" })).toThrow(/SUPABASE_URL: required when EMBEDDED=0/);
    expect(() => readConfig({ EMBEDDED: "1", SUPABASE_URL: "https://abc.supabase.co" })).toThrow(/EMBEDDED/);
  });
});
