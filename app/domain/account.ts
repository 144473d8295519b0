/** The signed-in person as the site frame shows them (header, account menu). */
export interface Account {
  name: string;
  email: string;
  /** Admins and moderators: the account menu leads them to the admin area. */
  staff: boolean;
  /** Their avatar's public address (a file of their own in the avatars bucket), or null. */
  avatarUrl: string | null;
}

/** What a signed-in person's profile holds that pages show (name, avatar) or fill in (phone, address); null each when it does not. */
export interface AccountProfile {
  fullName: string | null;
  avatarUrl: string | null;
  phone: string | null;
  address: string | null;
}

/** The full name a person gave at sign-up (kept in the account's metadata), or "". */
export function fullNameOf(metadata: Record<string, unknown> | undefined): string {
  return typeof metadata?.full_name === "string" ? metadata.full_name.trim() : "";
}

/** The name a person goes by: the one on their profile, else the one they gave at sign-up, or "". */
export function preferredFullName(profileName: string | null | undefined, metadata: Record<string, unknown> | undefined): string {
  return profileName?.trim() || fullNameOf(metadata);
}

/** The person's full name, else their email. */
export function displayName(fullName: string, email: string | undefined): string {
  return fullName || (email ?? "");
}

/** "Casey" from "Casey Customer": for greetings. */
export function firstName(fullName: string): string | null {
  return fullName.trim().split(/\s+/)[0] || null;
}

/** A message, followed by what joined the account once its email was proven: its guest bookings, if any. */
export function withBookingsJoined(message: string, count: number): string {
  if (count === 0) return message;
  return `${message} ${count === 1 ? "The booking made with this email is now in your account." : `The ${count} bookings made with this email are now in your account.`}`;
}
