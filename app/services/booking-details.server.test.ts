import { describe, expect, it } from "vitest";
import { thumbnailPathOf } from "./booking-details.server";

describe("thumbnailPathOf", () => {
  it("finds the thumbnail stored beside a photo", () => {
    expect(thumbnailPathOf("u1/drafts/d1/abc.jpg")).toBe("u1/drafts/d1/abc-thumb.jpg");
    expect(thumbnailPathOf("u1/drafts/d1/abc.webp")).toBe("u1/drafts/d1/abc-thumb.webp");
  });

  it("has none for a file the photo pipeline did not write", () => {
    expect(thumbnailPathOf("u1/drafts/d1/abc.png")).toBeNull();
    expect(thumbnailPathOf("u1/drafts/d1/abc")).toBeNull();
  });
});
