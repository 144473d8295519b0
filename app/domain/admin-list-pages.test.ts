import { describe, expect, it } from "vitest";
import { pageWindow } from "./admin-list-pages";

describe("pageWindow", () => {
  it("says which rows a page shows", () => {
    expect(pageWindow(1, 60)).toEqual({ first: 1, last: 25, pageCount: 3 });
    expect(pageWindow(3, 60)).toEqual({ first: 51, last: 60, pageCount: 3 });
    expect(pageWindow(1, 0)).toEqual({ first: 0, last: 0, pageCount: 1 });
    expect(pageWindow(9, 60)).toEqual({ first: 0, last: 0, pageCount: 3 });
  });
});
