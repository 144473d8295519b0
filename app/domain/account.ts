/** The signed-in person as the site frame shows them (header, account menu). */
export interface Account {
  name: string;
  email: string;
  isAdmin: boolean;
}

/** The name a person gave at sign-up, else their email. */
export function displayName(metadata: Record<string, unknown> | undefined, email: string | undefined): string {
  const fullName = typeof metadata?.full_name === "string" ? metadata.full_name.trim() : "";
  return fullName || (email ?? "");
}

/** "Casey" from "Casey Customer": for greetings. */
export function firstName(metadata: Record<string, unknown> | undefined): string | null {
  const fullName = typeof metadata?.full_name === "string" ? metadata.full_name.trim() : "";
  return fullName.split(/\s+/)[0] || null;
}
