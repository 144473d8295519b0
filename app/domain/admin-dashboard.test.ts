import { describe, expect, it } from "vitest";
import { userDisplayName } from "./admin-dashboard";

describe("the name a user is shown by", () => {
  it("is their name, or 'Unnamed User' when they have none", () => {
    expect(userDisplayName("Ada Admin")).toBe("Ada Admin");
    expect(userDisplayName(null)).toBe("Unnamed User");
    expect(userDisplayName("   ")).toBe("Unnamed User");
  });
});
