import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const NOW = new Date("2027-04-01T12:00:00Z");
const before = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe("relativeTime", () => {
  it("says 'Just now' under a minute, and for a time a little ahead of the request's clock", () => {
    expect(relativeTime(before(0), NOW)).toBe("Just now");
    expect(relativeTime(before(59), NOW)).toBe("Just now");
    expect(relativeTime(before(-30), NOW)).toBe("Just now");
  });

  it("counts whole minutes under an hour", () => {
    expect(relativeTime(before(60), NOW)).toBe("1m ago");
    expect(relativeTime(before(119), NOW)).toBe("1m ago");
    expect(relativeTime(before(59 * 60 + 59), NOW)).toBe("59m ago");
  });

  it("counts whole hours under a day", () => {
    expect(relativeTime(before(3600), NOW)).toBe("1h ago");
    expect(relativeTime(before(23 * 3600 + 3599), NOW)).toBe("23h ago");
  });

  it("counts whole days from a day on", () => {
    expect(relativeTime(before(24 * 3600), NOW)).toBe("1d ago");
    expect(relativeTime(before(47 * 3600), NOW)).toBe("1d ago");
    expect(relativeTime(before(9 * 24 * 3600), NOW)).toBe("9d ago");
  });

  it("takes a Date as well as a timestamp", () => {
    expect(relativeTime(new Date(NOW.getTime() - 5 * 60_000), NOW)).toBe("5m ago");
  });
});
