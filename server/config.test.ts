import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, mailDestination, readConfig } from "./config.ts";

describe("readConfig", () => {
  it("defaults to port 3000, ./.data and the embedded backends", () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/\.data$/);
    expect(config.supabase).toEqual({ mode: "embedded" });
    expect(config.stripe).toEqual({ mode: "embedded" });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.admin.email).toBe("admin@example.com");
  });

  it("writes no memory report unless MEMORY_REPORT_FILE names a file, resolved from the working directory", () => {
    expect(readConfig({}).memoryReportFile).toBeUndefined();
    expect(readConfig({ MEMORY_REPORT_FILE: "" }).memoryReportFile).toBeUndefined();
    expect(readConfig({ MEMORY_REPORT_FILE: "/tmp/memory.json" }).memoryReportFile).toBe("/tmp/memory.json");
    expect(readConfig({ MEMORY_REPORT_FILE: "memory.json" }).memoryReportFile).toBe(path.resolve("memory.json"));
  });

  it("treats an empty value as unset", () => {
    const config = readConfig({ TRUST_PROXY: "", ADMIN_PASSWORD: "", PORT: "" });
    expect(config.trustProxy).toBe(false);
    expect(config.admin.password).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it("gives the embedded Supabase GoTrue's auth rate limits, lifted for the test suites or when asked", () => {
    expect(readConfig({}).embeddedAuthRateLimits).toBe("gotrue");
    expect(readConfig({ NODE_ENV: "production" }).embeddedAuthRateLimits).toBe("gotrue");
    expect(readConfig({ NODE_ENV: "test" }).embeddedAuthRateLimits).toBe("lifted");
    expect(readConfig({ NODE_ENV: "test", EMBEDDED_AUTH_RATE_LIMITS: "gotrue" }).embeddedAuthRateLimits).toBe("gotrue");
    expect(readConfig({ EMBEDDED_AUTH_RATE_LIMITS: "lifted" }).embeddedAuthRateLimits).toBe("lifted");
    expect(() => readConfig({ EMBEDDED_AUTH_RATE_LIMITS: "none" })).toThrow(/EMBEDDED_AUTH_RATE_LIMITS/);
  });

  it("hashes the embedded Supabase's passwords at GoTrue's bcrypt cost, at the lowest for the test suites or as asked", () => {
    expect(readConfig({}).embeddedPasswordHashCost).toBe(10);
    expect(readConfig({ NODE_ENV: "test" }).embeddedPasswordHashCost).toBe(4);
    expect(readConfig({ NODE_ENV: "test", EMBEDDED_PASSWORD_HASH_COST: "10" }).embeddedPasswordHashCost).toBe(10);
    expect(() => readConfig({ EMBEDDED_PASSWORD_HASH_COST: "3" })).toThrow(/EMBEDDED_PASSWORD_HASH_COST/);
  });

  it("leaves the embedded Supabase's email confirmations to supabase/config.toml unless overridden", () => {
    expect(readConfig({}).embeddedEmailConfirmations).toBeUndefined();
    expect(readConfig({ EMBEDDED_EMAIL_CONFIRMATIONS: "1" }).embeddedEmailConfirmations).toBe(true);
    expect(readConfig({ EMBEDDED_EMAIL_CONFIRMATIONS: "0" }).embeddedEmailConfirmations).toBe(false);
    expect(() => readConfig({ EMBEDDED_EMAIL_CONFIRMATIONS: "yes" })).toThrow(/EMBEDDED_EMAIL_CONFIRMATIONS/);
  });

  it("drains for 5 s after SIGTERM unless told otherwise or in development, and never longer than the 10 s stop allows", () => {
    expect(readConfig({ NODE_ENV: "production" }).shutdownDrainSeconds).toBe(5);
    expect(readConfig({ NODE_ENV: "test" }).shutdownDrainSeconds).toBe(5);
    expect(readConfig({}).shutdownDrainSeconds).toBe(0);
    expect(readConfig({ SHUTDOWN_DRAIN_SECONDS: "3" }).shutdownDrainSeconds).toBe(3);
    expect(readConfig({ SHUTDOWN_DRAIN_SECONDS: "0" }).shutdownDrainSeconds).toBe(0);
    expect(readConfig({ SHUTDOWN_DRAIN_SECONDS: "1.5" }).shutdownDrainSeconds).toBe(1.5);
    expect(() => readConfig({ SHUTDOWN_DRAIN_SECONDS: "7" })).toThrow(/SHUTDOWN_DRAIN_SECONDS: at most 6/);
    expect(() => readConfig({ SHUTDOWN_DRAIN_SECONDS: "-1" })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(() => readConfig({ SHUTDOWN_DRAIN_SECONDS: "soon" })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
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

  describe("EMBEDDED=0, the container's default", () => {
    const production = {
      NODE_ENV: "production",
      EMBEDDED: "0",
      SUPABASE_URL: "https://abc.supabase.co",
      SUPABASE_ANON_KEY: "anon-key-of-twenty-characters",
      SUPABASE_SERVICE_ROLE_KEY: "service-key-of-twenty-characters",
      STRIPE_SECRET_KEY: "sk_live_51Abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      SESSION_SECRET: "a-session-secret-of-thirty-two-chars",
      SMTP_URL: "smtps://apikey:sm-secret@smtp.example.net:465",
      MAIL_FROM: "Swift Movers <bookings@swift.example>",
    };

    it("starts with hosted Supabase and Stripe and the shared session secret", () => {
      const config = readConfig(production);
      expect(config.supabase).toMatchObject({ mode: "hosted", url: "https://abc.supabase.co" });
      expect(config.stripe).toMatchObject({ mode: "hosted", secretKey: "sk_live_51Abc" });
      expect(config.sessionSecret).toBe(production.SESSION_SECRET);
      expect(config.embeddedDemo).toBe(false);
    });

    it("names every missing variable in one message", () => {
      expect(() => readConfig({ EMBEDDED: "0" })).toThrow(
        "Missing: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SESSION_SECRET, SMTP_URL, MAIL_FROM\n",
      );
      expect(() => readConfig({ ...production, STRIPE_WEBHOOK_SECRET: "", SESSION_SECRET: undefined })).toThrow(
        /^Invalid configuration:\nMissing: STRIPE_WEBHOOK_SECRET, SESSION_SECRET\n {2}STRIPE_WEBHOOK_SECRET: required when EMBEDDED=0\n {2}SESSION_SECRET: required when EMBEDDED=0$/,
      );
    });

    it("needs SESSION_SECRET, since every instance must sign and read the same cookies", () => {
      expect(() => readConfig({ ...production, SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET: required when EMBEDDED=0/);
      expect(() => readConfig({ ...production, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    });
  });

  describe("mail", () => {
    it("sends to the embedded mail catcher unless SMTP_URL is set, from a default address unless MAIL_FROM is set", () => {
      expect(readConfig({}).mail).toEqual({ mode: "embedded", from: "no-reply@example.com" });
      expect(readConfig({ EMBEDDED: "1", MAIL_FROM: "office@swift.example" }).mail).toEqual({ mode: "embedded", from: "office@swift.example" });
      expect(readConfig({ SMTP_URL: "smtp://localhost:1025" }).mail).toEqual({ mode: "smtp", url: "smtp://localhost:1025", from: "no-reply@example.com" });
    });

    it("takes smtp:// and smtps:// URLs with a user and password, and an address with or without a name", () => {
      const config = readConfig({ SMTP_URL: "smtps://apikey:p%40ss@smtp.example.net:465", MAIL_FROM: "Swift Movers <bookings@swift.example>" });
      expect(config.mail).toEqual({ mode: "smtp", url: "smtps://apikey:p%40ss@smtp.example.net:465", from: "Swift Movers <bookings@swift.example>" });
      expect(readConfig({ MAIL_FROM: '"Swift, Movers" <b@swift.example>' }).mail.from).toBe('"Swift, Movers" <b@swift.example>');
    });

    it("refuses a malformed SMTP_URL or MAIL_FROM, naming the variable and never echoing the password", () => {
      for (const url of ["http://smtp.example.net", "smtp.example.net:587", "smtp://", "smtp://user:pw-secret@/", "smtp://host:99999"]) {
        expect(() => readConfig({ SMTP_URL: url }), url).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
      }
      let message = "";
      try {
        readConfig({ SMTP_URL: "ftp://user:pw-secret@smtp.example.net" });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/SMTP_URL/);
      expect(message).not.toMatch(/pw-secret/);
      for (const from of ["bookings", "Swift <bookings>", "Swift <a@b.example", "<>", "a@b.example, c@d.example"]) {
        expect(() => readConfig({ MAIL_FROM: from }), from).toThrow(/MAIL_FROM: must be an address \(office@example\.com\) or Name <office@example\.com>/);
      }
    });

    it("needs SMTP_URL and MAIL_FROM with EMBEDDED=0, and names where mail goes without the password", () => {
      const hosted = {
        EMBEDDED: "0",
        SUPABASE_URL: "https://abc.supabase.co",
        SUPABASE_ANON_KEY: "anon-key-of-twenty-characters",
        SUPABASE_SERVICE_ROLE_KEY: "service-key-of-twenty-characters",
        STRIPE_SECRET_KEY: "sk_live_51Abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc123",
        SESSION_SECRET: "a-session-secret-of-thirty-two-chars",
      };
      expect(() => readConfig(hosted)).toThrow(
        /Missing: SMTP_URL, MAIL_FROM\n {2}SMTP_URL: required when EMBEDDED=0\n {2}MAIL_FROM: required when EMBEDDED=0$/,
      );
      const config = readConfig({ ...hosted, SMTP_URL: "smtp://apikey:pw-secret@smtp.example.net:587", MAIL_FROM: "b@swift.example" });
      expect(config.mail).toMatchObject({ mode: "smtp" });
      expect(mailDestination(config.mail)).toBe("smtp://apikey@smtp.example.net:587");
      expect(mailDestination(readConfig({}).mail)).toBe("the embedded mail catcher");
    });
  });

  it("runs the embedded demo with EMBEDDED=1 without any secret, its session secret kept in DATA_DIR", () => {
    const config = readConfig({ NODE_ENV: "production", EMBEDDED: "1", DATA_DIR: "/data" });
    expect(config.embeddedDemo).toBe(true);
    expect(config.supabase).toEqual({ mode: "embedded" });
    expect(config.stripe).toEqual({ mode: "embedded" });
    expect(config.sessionSecret).toBeUndefined();
    expect(config.dataDir).toBe("/data");
  });

  it("without EMBEDDED, stays embedded unless SUPABASE_URL is set, and needs no SESSION_SECRET", () => {
    expect(readConfig({ NODE_ENV: "production" })).toMatchObject({ embeddedDemo: false, supabase: { mode: "embedded" }, sessionSecret: undefined });
    expect(
      readConfig({
        SUPABASE_URL: "https://abc.supabase.co",
        SUPABASE_ANON_KEY: "anon-key-of-twenty-characters",
        SUPABASE_SERVICE_ROLE_KEY: "service-key-of-twenty-characters",
      }),
    ).toMatchObject({ supabase: { mode: "hosted" }, stripe: { mode: "embedded" }, sessionSecret: undefined });
  });

  describe("Stripe", () => {
    const SECRET_KEY = "sk_test_51Abc";
    const WEBHOOK_SECRET = "whsec_abc123";
    const hostedSupabase = {
      SUPABASE_URL: "https://abc.supabase.co",
      SUPABASE_ANON_KEY: "anon-key-of-twenty-characters",
      SUPABASE_SERVICE_ROLE_KEY: "service-key-of-twenty-characters",
    };

    it("uses Stripe's API with both keys set", () => {
      expect(readConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }).stripe).toEqual({
        mode: "hosted",
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
      });
      expect(readConfig({ STRIPE_SECRET_KEY: "rk_live_xyz", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }).stripe).toMatchObject({ mode: "hosted" });
    });

    it("names the key that is missing when only one is set", () => {
      expect(() => readConfig({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
      expect(() => readConfig({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(/STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set/);
      expect(() => readConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: "" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    });

    it("refuses keys of the wrong kind, without printing them", () => {
      const publishable = "pk_test_51Abc";
      expect(() => readConfig({ STRIPE_SECRET_KEY: publishable, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(
        /STRIPE_SECRET_KEY: must be a Stripe secret key/,
      );
      expect(() => readConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: "not-a-secret" })).toThrow(
        /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
      );
      try {
        readConfig({ STRIPE_SECRET_KEY: publishable, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
      } catch (error) {
        expect((error as Error).message).not.toContain(publishable);
      }
    });

    it("needs both keys with EMBEDDED=0, and neither with EMBEDDED=1", () => {
      expect(() => readConfig({ ...hostedSupabase, EMBEDDED: "0" })).toThrow(
        /STRIPE_SECRET_KEY: required when EMBEDDED=0[\s\S]*STRIPE_WEBHOOK_SECRET: required when EMBEDDED=0/,
      );
      expect(
        readConfig({
          ...hostedSupabase,
          EMBEDDED: "0",
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          SESSION_SECRET: "s".repeat(32),
          SMTP_URL: "smtp://smtp.example.net:587",
          MAIL_FROM: "b@swift.example",
        }).stripe,
      ).toMatchObject({ mode: "hosted" });
      expect(() => readConfig({ EMBEDDED: "1", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(
        /EMBEDDED=1 conflicts with STRIPE_SECRET_KEY/,
      );
    });

    it("keeps Stripe embedded with a hosted Supabase when no Stripe key is set", () => {
      expect(readConfig(hostedSupabase).stripe).toEqual({ mode: "embedded" });
    });
  });
});
