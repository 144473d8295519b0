import { describe, expect, it } from "vitest";
import {
  GALLERY_MESSAGES,
  MAX_GALLERY_PHOTOS,
  formatUploadedDate,
  galleryContentType,
  galleryImagePath,
  galleryObjectPaths,
  galleryRoomHint,
  isGalleryImageId,
  isGalleryImageVariant,
  notPhotosDescription,
  remainingGallerySlots,
} from "./gallery-rules";

describe("the gallery's room", () => {
  it("holds at most 20 photos", () => {
    expect(MAX_GALLERY_PHOTOS).toBe(20);
    expect(remainingGallerySlots(0)).toBe(20);
    expect(remainingGallerySlots(19)).toBe(1);
    expect(remainingGallerySlots(20)).toBe(0);
    expect(remainingGallerySlots(25)).toBe(0);
  });

  it("says how many more fit", () => {
    expect(galleryRoomHint(18)).toBe("A gallery holds at most 20 photos; you can add 2 more.");
    expect(galleryRoomHint(20)).toBe("A gallery holds at most 20 photos; delete one to add another.");
  });
});

describe("ids, variants and addresses", () => {
  it("takes only uuids as photo ids", () => {
    expect(isGalleryImageId("0193a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b")).toBe(true);
    expect(isGalleryImageId("not-a-uuid")).toBe(false);
    expect(isGalleryImageId("0193a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b/../x")).toBe(false);
    expect(isGalleryImageId(null)).toBe(false);
  });

  it("serves two variants", () => {
    expect(isGalleryImageVariant("thumb")).toBe(true);
    expect(isGalleryImageVariant("full")).toBe(true);
    expect(isGalleryImageVariant("original")).toBe(false);
  });

  it("addresses photos through the app, and stores them in the owner's folder", () => {
    expect(galleryImagePath("abc", "thumb")).toBe("/dashboard/gallery/abc/thumb");
    expect(galleryObjectPaths("user-1", "abc", { image: "jpg", thumbnail: "jpg" })).toEqual({
      path: "user-1/abc.jpg",
      thumbnailPath: "user-1/abc-thumb.jpg",
    });
  });

  it("serves each stored type as itself and nothing else", () => {
    expect(galleryContentType("u/a.jpg")).toBe("image/jpeg");
    expect(galleryContentType("u/a-thumb.webp")).toBe("image/webp");
    expect(galleryContentType("u/a.png")).toBe("image/png");
    expect(galleryContentType("u/a.svg")).toBeNull();
    expect(galleryContentType("u/a")).toBeNull();
  });
});

describe("messages", () => {
  it("counts photos added", () => {
    expect(GALLERY_MESSAGES.added(1)).toBe("1 photo added");
    expect(GALLERY_MESSAGES.added(3)).toBe("3 photos added");
  });

  it("names the files that were not images", () => {
    expect(notPhotosDescription(1, 2, ["notes.png"])).toBe("1 of 2 photos were added. Not images: notes.png. Photos must be PNG, JPG or WebP images.");
  });

  it("writes the upload day in the company's time zone", () => {
    // 02:00 UTC is still the evening before in New York.
    expect(formatUploadedDate("2026-11-24T02:00:00Z", "America/New_York")).toBe("November 23, 2026");
    expect(formatUploadedDate("garbage", "America/New_York")).toBe("");
  });
});
