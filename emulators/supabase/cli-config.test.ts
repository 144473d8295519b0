import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CliConfigError, cliProjectSettings, readCliProjectSettings } from "./cli-config.ts";

const PROJECT_FILE = fileURLToPath(new URL("../../supabase/config.toml", import.meta.url));

describe("the Supabase CLI's project file", () => {
  it("reads the project's own file: email confirmations as `supabase start` has them", () => {
    expect(readCliProjectSettings(PROJECT_FILE)).toEqual({ emailConfirmations: false });
  });

  it("reads [auth.email] enable_confirmations however the TOML spells it", () => {
    const on = { emailConfirmations: true };
    expect(cliProjectSettings("[auth.email]\nenable_confirmations = true\n")).toEqual(on);
    expect(cliProjectSettings('[ auth . "email" ]  # the mailer\n  "enable_confirmations"=true # on, as hosted\n')).toEqual(on);
    expect(cliProjectSettings("[auth]\nemail.enable_confirmations = true")).toEqual(on);
    expect(cliProjectSettings("[auth]\r\nemail = { enable_confirmations = true, max_frequency = '1s' }\r\n")).toEqual(on);
    expect(cliProjectSettings("auth.email.enable_confirmations = true")).toEqual(on);
  });

  it("is off when the setting, the table or the whole file is missing, as in the CLI", () => {
    expect(cliProjectSettings("")).toEqual({ emailConfirmations: false });
    expect(cliProjectSettings("[auth]\nenable_signup = true\n[auth.sms]\nenable_confirmations = true\n")).toEqual({ emailConfirmations: false });
    const directory = mkdtempSync(path.join(tmpdir(), "cli-config-"));
    try {
      expect(readCliProjectSettings(path.join(directory, "config.toml"))).toBeUndefined();
      writeFileSync(path.join(directory, "config.toml"), "[auth.email]\nenable_confirmations = true\n");
      expect(readCliProjectSettings(path.join(directory, "config.toml"))).toEqual({ emailConfirmations: true });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("is not fooled by a table header or the key inside strings and comments", () => {
    const text = [
      "[auth.email.template.confirmation]",
      'subject = "[auth.email] enable_confirmations = true"',
      'content = """',
      "[auth.email]",
      "enable_confirmations = true",
      '"""',
      "# [auth.email]",
      "# enable_confirmations = true",
      "[auth.email]",
      "enable_confirmations = false",
    ].join("\n");
    expect(cliProjectSettings(text)).toEqual({ emailConfirmations: false });
  });

  it("stops with the file and line when the value is not a boolean or the file is not TOML", () => {
    expect(() => cliProjectSettings('[auth.email]\nenable_confirmations = "yes"\n', "supabase/config.toml")).toThrow(
      "supabase/config.toml: [auth.email] enable_confirmations must be true or false",
    );
    expect(() => cliProjectSettings("[auth.email\nenable_confirmations = true\n", "supabase/config.toml")).toThrow(/^supabase\/config\.toml:1: /);
    expect(() => cliProjectSettings('[auth]\nsite_url = "http://localhost:3000\ntrue\n')).toThrow(CliConfigError);
    expect(() => cliProjectSettings("[auth]\nenable_signup = true false\n")).toThrow(/^config\.toml:2: \S/);
    expect(() => cliProjectSettings("[auth]\nenable_signup = true\nenable_signup = false\n")).toThrow(/^config\.toml:3: /);
  });
});
