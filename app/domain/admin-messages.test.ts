import { describe, expect, it } from "vitest";
import { MESSAGE_KINDS } from "./booking-messages";
import { MESSAGE_KIND_LABELS, messageKindLabel, messageStatusLabel, messageView, messagesHref, messagesQuery, type OutboxMessage } from "./admin-messages";

describe("message kinds as people say them", () => {
  it("name every kind the outbox holds, each differently", () => {
    for (const kind of MESSAGE_KINDS) expect(MESSAGE_KIND_LABELS[kind], kind).toMatch(/^\S.*\S$/);
    expect(new Set(MESSAGE_KINDS.map((kind) => MESSAGE_KIND_LABELS[kind])).size).toBe(MESSAGE_KINDS.length);
    expect(Object.keys(MESSAGE_KIND_LABELS).sort()).toEqual([...MESSAGE_KINDS].sort());
  });

  it("read as the office says them, and an unknown kind as stored", () => {
    expect(messageKindLabel("booking_received")).toBe("Booking received");
    expect(messageKindLabel("reminder_48h")).toBe("Reminder 48 hours before");
    expect(messageKindLabel("reminder_day_before")).toBe("Reminder the day before");
    expect(messageKindLabel("office_new_booking")).toBe("Office: new booking");
    expect(messageKindLabel("toString")).toBe("toString");
  });
});

describe("a message's status", () => {
  it("says what became of it, a failure with the provider's answer", () => {
    expect(messageStatusLabel({ status: "queued", lastError: null })).toBe("Queued");
    expect(messageStatusLabel({ status: "sending", lastError: null })).toBe("Sending");
    expect(messageStatusLabel({ status: "sent", lastError: null })).toBe("Sent");
    expect(messageStatusLabel({ status: "failed", lastError: "550 5.1.1 mailbox unavailable" })).toBe("Failed: 550 5.1.1 mailbox unavailable");
    expect(messageStatusLabel({ status: "void", lastError: null })).toBe("Not sent: out of date");
  });
});

describe("a message's row", () => {
  const failed: OutboxMessage = {
    id: 7,
    bookingId: "0f9e8d7c-1111-4222-8333-444455556666",
    kind: "reminder_day_before",
    recipient: "ana@example.com",
    status: "failed",
    lastError: "550 no such user",
    dueAt: "2027-03-13T22:00:00.000Z",
    sentAt: null,
    createdAt: "2027-03-01T12:00:00.000Z",
  };

  it("says when it is due on the company's clock, or when it was sent, and offers 'Send again' only when it failed", () => {
    expect(messageView(failed, "America/New_York")).toEqual({
      id: 7,
      kind: "Reminder the day before",
      to: "ana@example.com",
      booking: { id: failed.bookingId, shortId: "0f9e8d7c" },
      when: "Due Mar 13, 2027, 5:00 PM EST",
      status: "failed",
      statusLabel: "Failed: 550 no such user",
      canResend: true,
    });
    const sent = messageView({ ...failed, status: "sent", lastError: null, sentAt: "2027-03-14T21:00:05.000Z" }, "America/New_York");
    expect(sent).toMatchObject({ when: "Sent Mar 14, 2027, 5:00 PM EDT", statusLabel: "Sent", canResend: false });
    expect(messageView({ ...failed, bookingId: null, kind: "office_tomorrow_list" }, "America/New_York").booking).toBeNull();
  });
});

describe("the list of recent messages", () => {
  it("reads its page and filter from the address, and writes them back", () => {
    expect(messagesQuery(new URLSearchParams("status=failed&page=3"))).toEqual({ page: 3, failedOnly: true });
    expect(messagesQuery(new URLSearchParams("status=sent&page=zero"))).toEqual({ page: 1, failedOnly: false });
    expect(messagesHref({ page: 1, failedOnly: false })).toBe("/admin/messages");
    expect(messagesHref({ page: 2, failedOnly: true })).toBe("/admin/messages?status=failed&page=2");
  });
});
