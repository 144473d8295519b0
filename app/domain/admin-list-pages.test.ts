import { describe, expect, it } from "vitest";
import { listPageNumber, pageWindow } from "./admin-list-pages";

describe("pageWindow", () => {
  it("says which rows a page shows", () => {
    expect(pageWindow(1, 60)).toEqual({ first: 1, last: 25, pageCount: 3 });
    expect(pageWindow(3, 60)).toEqual({ first: 51, last: 60, pageCount: 3 });
    expect(pageWindow(1, 0)).toEqual({ first: 0, last: 0, pageCount: 1 });
    expect(pageWindow(9, 60)).toEqual({ first: 0, last: 0, pageCount: 3 });
  });
});

describe("listPageNumber", () => {
  it("takes a whole page number from 1 to 100,000, and 1 for anything else", () => {
    expect(listPageNumber("3")).toBe(3);
    expect(listPageNumber("100000")).toBe(100_000);
    for (const value of [null, "", " ", "0", "-2", "2.5", "abc", "100001", "1e9"]) expect(listPageNumber(value), String(value)).toBe(1);
  });
});
