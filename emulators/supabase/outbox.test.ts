import { describe, expect, it, vi } from "vitest";
import { createOutbox, type OutboxEmail } from "./outbox.ts";

const email: OutboxEmail = {
  to: "someone@example.com",
  type: "recovery",
  token: "123456",
  tokenHash: "hash",
  redirectTo: "http://localhost:3000/reset-password",
  link: "http://localhost:3000/reset-password?token_hash=hash&type=recovery",
  sentAt: "2025-01-01T00:00:00.000Z",
};

describe("the outbox", () => {
  it("keeps an email at once and tells listeners only after the sender has moved on", async () => {
    const outbox = createOutbox();
    const heard: OutboxEmail[] = [];
    outbox.subscribe((sent) => heard.push(sent));
    outbox.send(email);
    expect(outbox.emails).toEqual([email]);
    expect(heard).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([email]);
  });

  it("still tells the other listeners when one throws", async () => {
    const failures = vi.spyOn(console, "error").mockImplementation(() => {});
    const outbox = createOutbox();
    const heard: string[] = [];
    outbox.subscribe(() => {
      throw new Error("disk full");
    });
    outbox.subscribe((sent) => heard.push(sent.to));
    outbox.send(email);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([email.to]);
    expect(failures).toHaveBeenCalledOnce();
    failures.mockRestore();
  });
});
