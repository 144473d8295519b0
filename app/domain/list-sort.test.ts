import { describe, expect, it } from "vitest";
import { sortChange, sortDirection } from "./list-sort";

const unsorted = { sort: null, dir: null } as const;

describe("sorting a list's columns", () => {
  it("runs ascending unless asked otherwise, ascending on a first click, then toggles", () => {
    expect(sortDirection(unsorted)).toBe("asc");
    expect(sortDirection({ sort: "date", dir: "desc" })).toBe("desc");
    const first = sortChange<string>(unsorted, "customer");
    expect(first).toEqual({ sort: "customer", dir: "asc" });
    const second = sortChange(first, "customer");
    expect(second).toEqual({ sort: "customer", dir: "desc" });
    expect(sortChange(second, "customer")).toEqual({ sort: "customer", dir: "asc" });
    expect(sortChange(second, "amount")).toEqual({ sort: "amount", dir: "asc" });
  });

  it("sorts a column whose first direction is descending largest first, then the other way", () => {
    expect(sortDirection({ sort: "spent", dir: null }, "desc")).toBe("desc");
    const first = sortChange<string>(unsorted, "spent", "desc");
    expect(first).toEqual({ sort: "spent", dir: "desc" });
    expect(sortChange(first, "spent", "desc")).toEqual({ sort: "spent", dir: "asc" });
  });
});
