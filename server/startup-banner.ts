import type { AdminAccountCreated } from "./seed-admin.ts";

/**
 * The plain lines a person starting the server in a terminal looks for: where to open the app and,
 * on first start, the admin's login. Containers and log collectors (no terminal) get the JSON log only.
 */
export function startupBanner(url: string, admin: AdminAccountCreated | null): string[] {
  const lines = [`Open ${url}`];
  if (admin?.generatedPassword) lines.push(`Admin: ${admin.email} / ${admin.generatedPassword}  (shown only this once)`);
  else if (admin?.existingAccount) lines.push(`Admin: ${admin.email} (an existing account, with its own password)`);
  else if (admin) lines.push(`Admin: ${admin.email} (password from ADMIN_PASSWORD)`);
  return lines;
}

export function printStartupBanner(url: string, admin: AdminAccountCreated | null, stream: NodeJS.WriteStream = process.stdout): void {
  if (!stream.isTTY) return;
  stream.write(
    `\n${startupBanner(url, admin)
      .map((line) => `  ${line}`)
      .join("\n")}\n\n`,
  );
}
