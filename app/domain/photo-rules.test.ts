import { describe, expect, it } from "vitest";
import { readDraft } from "./booking-wizard";
import { MAX_BOOKING_PHOTOS, isDraftPhotoOf, photoFileName, remainingPhotoSlots, sniffPhotoType } from "./photo-rules";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe("sniffPhotoType", () => {
  it("recognises PNG, JPEG and WebP by their first bytes", () => {
    expect(sniffPhotoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe("image/png");
    expect(sniffPhotoType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("image/jpeg");
    expect(sniffPhotoType(new Uint8Array([...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 ")]))).toBe("image/webp");
  });

  it("refuses text, other formats and truncated signatures", () => {
    expect(sniffPhotoType(ascii("just a text file named photo.png"))).toBeNull();
    expect(sniffPhotoType(ascii("GIF89a......"))).toBeNull();
    expect(sniffPhotoType(new Uint8Array([...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WAVEfmt ")]))).toBeNull();
    expect(sniffPhotoType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffPhotoType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });
});

describe("photo names and limits", () => {
  it("keep the file's own name without folders or control characters, and not too long", () => {
    expect(photoFileName("C:\\Users\\ada\\sofa.jpg")).toBe("sofa.jpg");
    expect(photoFileName("../../etc/passwd")).toBe("passwd");
    expect(photoFileName("bed\u0000room\u202e.png")).toBe("bedroom.png");
    expect(photoFileName("   ")).toBe("photo");
    expect(Array.from(photoFileName(`${"🛋".repeat(150)}.jpg`))).toHaveLength(100);
  });

  it("count the room left on a draft", () => {
    expect(remainingPhotoSlots(0)).toBe(MAX_BOOKING_PHOTOS);
    expect(remainingPhotoSlots(9)).toBe(1);
    expect(remainingPhotoSlots(12)).toBe(0);
  });

  it("own a draft photo only inside the customer's folder for that draft", () => {
    const user = "11111111-1111-4111-8111-111111111111";
    const draft = "22222222-2222-4222-8222-222222222222";
    const folder = `${user}/drafts/${draft}/`;
    expect(isDraftPhotoOf({ path: `${folder}a.jpg`, thumbPath: `${folder}a-thumb.jpg` }, user, draft)).toBe(true);
    expect(isDraftPhotoOf({ path: `${folder}a.jpg`, thumbPath: `${folder}a-thumb.jpg` }, "someone-else", draft)).toBe(false);
    expect(isDraftPhotoOf({ path: `${folder}../x/a.jpg`, thumbPath: `${folder}a-thumb.jpg` }, user, draft)).toBe(false);
    expect(isDraftPhotoOf({ path: `${folder}sub/a.jpg`, thumbPath: `${folder}a-thumb.jpg` }, user, draft)).toBe(false);
  });
});

describe("a draft's photos", () => {
  const photo = (n: number) => ({ path: `u/drafts/d/${n}.jpg`, thumbPath: `u/drafts/d/${n}-thumb.jpg`, fileName: `${n}.jpg` });

  it("are kept with the draft, at most ten", () => {
    expect(readDraft({ fullName: "Ada", photos: [photo(1)] })).toEqual({ fullName: "Ada", photos: [photo(1)] });
    // Eleven cannot be stored; the list is dropped rather than the whole draft.
    const eleven = Array.from({ length: 11 }, (_, n) => photo(n));
    expect(readDraft({ fullName: "Ada", photos: eleven })).toEqual({ fullName: "Ada" });
  });
});
