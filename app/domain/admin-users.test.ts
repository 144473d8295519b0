import { describe, expect, it } from "vitest";
import { ROLE_MESSAGES, adminUsersSearch, parseAdminUsersQuery, roleActionLabel, roleChangeSchema, usersList } from "./admin-users";
import { accountName, userDisplayName, usersLoadFailedMessage } from "./admin-accounts";

describe("the name a user is shown by", () => {
  it("is their name, or 'Unnamed User' when they have none", () => {
    expect(userDisplayName("Ada Admin")).toBe("Ada Admin");
    expect(userDisplayName(null)).toBe("Unnamed User");
    expect(userDisplayName("   ")).toBe("Unnamed User");
  });

  it("is their email in a message when they have no name", () => {
    expect(accountName("Jane Doe", "jane@example.com")).toBe("Jane Doe");
    expect(accountName(" ", "jane@example.com")).toBe("jane@example.com");
    expect(accountName(null, null)).toBe("Unnamed User");
  });
});

describe("the users page's URL", () => {
  it("reads the search and the page, and turns bad values into the defaults", () => {
    expect(parseAdminUsersQuery(new URLSearchParams("q=+jane+doe+&page=3"))).toEqual({ q: "jane doe", page: 3, sort: null, dir: null });
    expect(parseAdminUsersQuery(new URLSearchParams(""))).toEqual({ q: "", page: 1, sort: null, dir: null });
    expect(parseAdminUsersQuery(new URLSearchParams("page=0"))).toEqual({ q: "", page: 1, sort: null, dir: null });
    expect(parseAdminUsersQuery(new URLSearchParams("page=-2"))).toEqual({ q: "", page: 1, sort: null, dir: null });
    expect(parseAdminUsersQuery(new URLSearchParams("page=2.5"))).toEqual({ q: "", page: 1, sort: null, dir: null });
    expect(parseAdminUsersQuery(new URLSearchParams("page=abc"))).toEqual({ q: "", page: 1, sort: null, dir: null });
    expect(parseAdminUsersQuery(new URLSearchParams(`q=${"x".repeat(201)}&page=2`))).toEqual({ q: "", page: 2, sort: null, dir: null });
  });

  it("keeps the search in page links and leaves defaults out", () => {
    expect(adminUsersSearch({ q: "lee & co", page: 3, sort: null, dir: null })).toBe("?q=lee+%26+co&page=3");
    expect(adminUsersSearch({ q: "", page: 1, sort: null, dir: null })).toBe("");
    expect(adminUsersSearch(parseAdminUsersQuery(new URLSearchParams("q=lee+%26+co&page=3&other=1")))).toBe("?q=lee+%26+co&page=3");
  });
});

describe("a role form", () => {
  const userId = "8d3c5f0e-3b7a-4c8e-9f21-5a6b7c8d9e0f";

  it("grants or revokes the admin or moderator role of one account", () => {
    expect(roleChangeSchema.safeParse({ intent: "grant-role", userId, role: "moderator" }).success).toBe(true);
    expect(roleChangeSchema.safeParse({ intent: "revoke-role", userId, role: "admin" }).success).toBe(true);
  });

  it("refuses the user role, unknown intents and ids that are no account's", () => {
    expect(roleChangeSchema.safeParse({ intent: "grant-role", userId, role: "user" }).success).toBe(false);
    expect(roleChangeSchema.safeParse({ intent: "delete-user", userId, role: "admin" }).success).toBe(false);
    expect(roleChangeSchema.safeParse({ intent: "grant-role", userId: "42", role: "admin" }).success).toBe(false);
    expect(roleChangeSchema.safeParse({ intent: "grant-role", role: "admin" }).success).toBe(false);
  });

  it("says what it does and what it did, with the right article", () => {
    expect(roleActionLabel("moderator", false)).toBe("Make moderator");
    expect(roleActionLabel("admin", true)).toBe("Remove admin");
    expect(ROLE_MESSAGES.granted("Jane Doe", "moderator")).toBe("Jane Doe is now a moderator.");
    expect(ROLE_MESSAGES.granted("Jane Doe", "admin")).toBe("Jane Doe is now an admin.");
    expect(ROLE_MESSAGES.revoked("Jane Doe", "admin")).toBe("Jane Doe is no longer an admin.");
  });
});

describe("a list of users that could not be loaded", () => {
  it("names the database's message, or says something unexpected happened", () => {
    expect(usersLoadFailedMessage("permission denied")).toBe("Failed to fetch users: permission denied");
    expect(usersLoadFailedMessage(null)).toBe("An unexpected error occurred while loading users.");
  });
});

describe("the users table's sorting", () => {
  it("sorts names A to Z and the joined date newest first on a first click, the other way on the next, from page 1", () => {
    const onPage3 = parseAdminUsersQuery(new URLSearchParams("q=lee&page=3"));
    const byName = usersList.sorted(onPage3, "name");
    expect(adminUsersSearch(byName)).toBe("?q=lee&sort=name&dir=asc");
    expect(adminUsersSearch(usersList.sorted(byName, "name"))).toBe("?q=lee&sort=name&dir=desc");
    expect(usersList.direction(usersList.sorted(onPage3, "joined"))).toBe("desc");
    expect(usersList.direction(onPage3)).toBeNull();
  });

  it("keeps the sort in page links and falls back to the newest first for an unknown column", () => {
    const sorted = parseAdminUsersQuery(new URLSearchParams("sort=email&dir=desc&page=2"));
    expect(adminUsersSearch(sorted)).toBe("?sort=email&dir=desc&page=2");
    expect(parseAdminUsersQuery(new URLSearchParams("sort=password&dir=sideways"))).toEqual(usersList.unfiltered);
  });
});
