import { describe, expect, it } from "vitest";
import { AUTH_EMAIL_SUBJECTS, authEmailContent } from "./auth-email.ts";
import type { OutboxEmail } from "./outbox.ts";

const email = (type: OutboxEmail["type"], link: string): OutboxEmail => ({
  to: "ana@example.com",
  type,
  token: "123456",
  tokenHash: "abc",
  redirectTo: "http://localhost:3000/reset",
  link,
  sentAt: new Date(0).toISOString(),
});

describe("the auth emails, as GoTrue's default templates write them", () => {
  it("asks to confirm a sign-up with the link in both bodies", () => {
    const link = "http://localhost:3000/auth/confirm?token_hash=abc&type=signup";
    const content = authEmailContent(email("signup", link));
    expect(content.subject).toBe("Confirm Your Signup");
    expect(content.html).toContain('<a href="http://localhost:3000/auth/confirm?token_hash=abc&amp;type=signup">Confirm your mail</a>');
    expect(content.text).toContain(`\n${link}\n`);
  });

  it("offers a password reset with the link and the code", () => {
    const link = "http://localhost:3000/reset?token_hash=abc&type=recovery";
    const content = authEmailContent(email("recovery", link));
    expect(content.subject).toBe(AUTH_EMAIL_SUBJECTS.recovery);
    expect(content.subject).toBe("Reset Your Password");
    expect(content.html).toContain("Reset Password</a>");
    expect(content.html).toContain("123456");
    expect(content.text).toContain(link);
  });

  it("escapes what it puts into the HTML", () => {
    expect(authEmailContent(email("recovery", 'http://x/?a="><script>')).html).not.toContain("<script>");
  });
});
