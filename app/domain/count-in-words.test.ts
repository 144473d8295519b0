import { describe, expect, it } from "vitest";
import { countInWords } from "./count-in-words";

describe("countInWords", () => {
  it("writes a small count in words, as a sentence starts with it", () => {
    expect(countInWords(1)).toBe("One");
    expect(countInWords(6)).toBe("Six");
    expect(countInWords(12)).toBe("Twelve");
  });

  it("writes a larger count in figures", () => {
    expect(countInWords(13)).toBe("13");
  });
});
