import { describe, expect, it } from "vitest";
import { beaconSchema } from "./analytics-events";

describe("beaconSchema", () => {
  const valid = { session_id: "s3ss10n-1d", page_path: "/", event_type: "page_view" };

  it("takes a page view, an exit with its time, and the allow-listed events", () => {
    expect(beaconSchema.safeParse(valid).success).toBe(true);
    expect(
      beaconSchema.safeParse({ ...valid, event_type: "page_exit", time_on_page: 12, viewport_width: 390, viewport_height: 844, referrer: null }).success,
    ).toBe(true);
    expect(beaconSchema.safeParse({ ...valid, event_type: "phone_click" }).success).toBe(true);
  });

  it("refuses a user id, unknown event types, wrong types and missing fields", () => {
    expect(beaconSchema.safeParse({ ...valid, user_id: "1f0c8c2e-6b1a-4a57-9a43-0c3f4a6b9d21" }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, event_type: "purchase" }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, event_type: "custom" }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, time_on_page: "12" }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, time_on_page: -1 }).success).toBe(false);
    expect(beaconSchema.safeParse({ session_id: "s3ss10n-1d", event_type: "page_view" }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, page_path: "https://example.com/" }).success).toBe(false);
  });
});
