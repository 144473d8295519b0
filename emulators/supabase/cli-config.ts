import { readFileSync } from "node:fs";
import { parse, TomlError } from "smol-toml";

// The Supabase CLI's project file (supabase/config.toml): `supabase start` reads it, and so does the
// embedded Supabase, for the settings it has. A file that is not TOML stops the start.

/** What the embedded Supabase takes from the CLI's project file. */
export interface CliProjectSettings {
  /** `[auth.email] enable_confirmations`; false when unset, as in the CLI. */
  emailConfirmations: boolean;
}

export class CliConfigError extends Error {}

/** The settings of the project file at `file`; undefined when there is no such file. */
export function readCliProjectSettings(file: string): CliProjectSettings | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return cliProjectSettings(text, file);
}

/** The settings of a project file's text (`file` names it in errors). */
export function cliProjectSettings(text: string, file = "config.toml"): CliProjectSettings {
  let root: unknown;
  try {
    root = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml's message is "Invalid TOML document: <reason>" followed by the lines around it.
    const reason = error.message.split("\n")[0]!.replace(/^Invalid TOML document: /, "");
    throw new CliConfigError(`${file}:${error.line}: ${reason}`, { cause: error });
  }
  const confirmations = valueAt(root, ["auth", "email", "enable_confirmations"]);
  if (confirmations !== undefined && typeof confirmations !== "boolean") {
    throw new CliConfigError(`${file}: [auth.email] enable_confirmations must be true or false`);
  }
  return { emailConfirmations: confirmations ?? false };
}

function valueAt(root: unknown, path: string[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
