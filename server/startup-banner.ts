import type { AdminAccountCreated } from "./seed-admin.ts";

/**
 * The plain lines a person who just started the server looks for: where to open the app and its
 * admin area, and how the admin signs in (the password only when it was generated: one given in
 * ADMIN_PASSWORD is the operator's own and never printed).
 */
export function startupBanner(url: string, admin: AdminAccountCreated | null): string[] {
  const origin = url.replace(/\/+$/, "");
  const lines = [`Open ${origin}`, `Admin area: ${origin}/admin`];
  if (admin?.generatedPassword) {
    lines.push(`Admin email: ${admin.email}`, `Password: ${admin.generatedPassword}  (generated, shown only this once; ADMIN_PASSWORD sets your own)`);
  } else if (admin?.existingAccount) {
    lines.push(`Admin email: ${admin.email}`, "Password: that account's own (an existing account was made admin; its password is unchanged)");
  } else if (admin) {
    lines.push(`Admin email: ${admin.email}`, "Password: the one in ADMIN_PASSWORD");
  } else {
    lines.push("Admin: the account made at the first start, with the password printed then (npm run demo sets the demo's)");
  }
  return lines;
}

/**
 * Writes the banner as plain lines on stderr, in addition to the JSON log on stdout (which log
 * collectors read), so that a terminal or a captured log ends with them.
 */
export function printStartupBanner(url: string, admin: AdminAccountCreated | null, stream: NodeJS.WritableStream = process.stderr): void {
  stream.write(
    `\n${startupBanner(url, admin)
      .map((line) => `  ${line}`)
      .join("\n")}\n\n`,
  );
}
