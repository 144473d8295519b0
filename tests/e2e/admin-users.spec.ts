import { expect, test, type Page } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient, type TestUser } from "./support/backend.ts";
import { runOnceAcrossProjects } from "./support/projects.ts";

// Staff work through /admin/users by its search form, its page links and its role forms, with and
// without JavaScript; what the page shows and what the database ends with are both checked.

const javaScriptEnabled = () => test.info().project.use.javaScriptEnabled !== false;

/** `count` customers whose names carry `tag`, made one after another (so the first is the oldest). */
async function seedCustomers(tag: string, count: number): Promise<TestUser[]> {
  const made: TestUser[] = [];
  for (let index = 0; index < count; index++) made.push(await createTestUser({ fullName: `Pat ${tag} ${String(index).padStart(2, "0")}` }));
  return made;
}

async function rolesOf(userId: string): Promise<string[]> {
  const { data, error } = await (await getServiceClient()).from("user_roles").select("role").eq("user_id", userId).order("role");
  if (error) throw error;
  return data.map((row: { role: string }) => row.role);
}

async function roleHistoryOf(userId: string) {
  const { data, error } = await (
    await getServiceClient()
  )
    .from("user_role_changes")
    .select("changed_by, user_id, role, granted")
    .eq("user_id", userId)
    .order("id");
  if (error) throw error;
  return data;
}

/** An account's line in the table (1280px): the row whose header names it. */
const row = (page: Page, name: string) => page.getByTestId("user-row").filter({ has: page.getByRole("rowheader").getByText(name, { exact: true }) });
const rowNames = (page: Page) => page.getByTestId("user-row").getByRole("rowheader").locator("[title]").allTextContents();
/** The confirmation a role change asks for, by its question. */
const confirmation = (page: Page, question: string) => page.getByRole("group", { name: question });

test("an admin searches, pages, sorts, makes a customer a moderator and takes it back, each confirmed; the badge and the history follow", async ({ page }) => {
  const tag = `us${Date.now().toString(36)}`;
  // Jane joins first, so she is on the second page of the search; 26 more after her.
  const jane = await createTestUser({ fullName: `Jane ${tag} Doe` });
  const { error } = await (
    await getServiceClient()
  )
    .from("profiles")
    .update({ phone: "(404) 555-0177", address: "12 Oak St, Atlanta, GA", bio: "Moving to Decatur in June." })
    .eq("user_id", jane.id);
  if (error) throw error;
  const others = await seedCustomers(tag, 26);
  const admin = await createTestUser({ fullName: "Users Admin", admin: true });
  await signInDirectly(page, admin, "/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByText("Total Users")).toBeVisible();

  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
  await expect(page.getByText("Showing 1–25 of 27")).toBeVisible();
  // Newest first: the last one made leads.
  expect(await rowNames(page)).toEqual(
    others
      .toReversed()
      .slice(0, 25)
      .map((person) => person.fullName),
  );

  // Sorted by joined date the oldest first, Jane leads; the sort stays while paging.
  await page.getByRole("columnheader", { name: "Joined" }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&sort=joined&dir=desc$`));
  await page.getByRole("columnheader", { name: "Joined" }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&sort=joined&dir=asc$`));
  await expect(page.getByRole("columnheader", { name: "Joined" })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(() => rowNames(page)).toEqual([jane.fullName, ...others.slice(0, 24).map((person) => person.fullName)]);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&sort=joined&dir=asc&page=2$`));
  await expect.poll(() => rowNames(page)).toEqual(others.slice(24).map((person) => person.fullName));

  // Back to the newest first, on the second page.
  await page.goto(`/admin/users?q=${tag}`);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
  await expect(page.getByText("Showing 26–27 of 27")).toBeVisible();
  expect(await rowNames(page)).toEqual([others[0]!.fullName, jane.fullName]);
  const janeRow = row(page, jane.fullName);
  await expect(janeRow.getByText(jane.email)).toBeVisible();
  await expect(janeRow.getByText("(404) 555-0177")).toBeVisible();
  await expect(janeRow.getByText("12 Oak St, Atlanta, GA")).toBeVisible();
  const janeRoles = janeRow.getByRole("list", { name: `Roles of ${jane.fullName}` }).getByRole("listitem");
  await expect(janeRoles).toHaveText(["user"]);
  // One line an account at 1280px, with its role changes in it.
  expect(await janeRow.evaluate((line) => line.getBoundingClientRect().height)).toBeLessThan(64);

  await janeRow.getByRole("link", { name: "Make moderator" }).click();
  const grant = confirmation(page, `Make ${jane.fullName} a moderator?`);
  await expect(grant).toBeVisible();
  expect(await rolesOf(jane.id)).toEqual(["user"]);
  await grant.getByRole("button", { name: "Confirm: make moderator" }).click();
  await expect(page.getByText(`${jane.fullName} is now a moderator.`).first()).toBeVisible();
  await expect(page.getByText("Role Updated").first()).toBeVisible();
  // Back on the same search and page.
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
  await expect(janeRoles).toHaveText(["moderator", "user"]);
  expect(await rolesOf(jane.id)).toEqual(["moderator", "user"]);
  expect(await roleHistoryOf(jane.id)).toEqual([{ changed_by: admin.id, user_id: jane.id, role: "moderator", granted: true }]);

  await janeRow.getByRole("link", { name: "Remove moderator" }).click();
  await confirmation(page, `Remove ${jane.fullName}'s moderator role?`).getByRole("button", { name: "Confirm: remove moderator" }).click();
  await expect(page.getByText(`${jane.fullName} is no longer a moderator.`).first()).toBeVisible();
  await expect(janeRoles).toHaveText(["user"]);
  await expect(janeRow.getByRole("link", { name: "Make moderator" })).toBeVisible();
  expect(await rolesOf(jane.id)).toEqual(["user"]);
  expect(await roleHistoryOf(jane.id)).toEqual([
    { changed_by: admin.id, user_id: jane.id, role: "moderator", granted: true },
    { changed_by: admin.id, user_id: jane.id, role: "moderator", granted: false },
  ]);

  // Below 768px each account is a card, with all its profile holds.
  await page.setViewportSize({ width: 390, height: 844 });
  const janeCard = page.getByRole("listitem", { name: jane.fullName, exact: true });
  await expect(janeCard.getByText("Moving to Decatur in June.")).toBeVisible();
  await expect(janeCard.getByText("12 Oak St, Atlanta, GA")).toBeVisible();
  await expect(janeCard.getByRole("link", { name: "Make moderator" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel("Search").fill(`${tag}-nobody`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No Users Found")).toBeVisible();
});

test("making someone an admin asks for confirmation first; Cancel changes nothing, Confirm grants it", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Careful Admin", admin: true });
  const candidate = await createTestUser({ fullName: "Candidate Customer" });
  const search = `/admin/users?q=${encodeURIComponent(candidate.email)}`;
  await signInDirectly(page, admin, search);
  const candidateRow = row(page, candidate.fullName);
  const roles = candidateRow.getByRole("list", { name: `Roles of ${candidate.fullName}` }).getByRole("listitem");
  const question = confirmation(page, `Make ${candidate.fullName} an admin?`);

  await candidateRow.getByRole("link", { name: "Make admin" }).click();
  await expect(question).toBeVisible();
  await expect(roles).toHaveText(["user"]);
  expect(await rolesOf(candidate.id)).toEqual(["user"]);
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(search);
  await expect(question).toHaveCount(0);
  expect(await rolesOf(candidate.id)).toEqual(["user"]);

  await candidateRow.getByRole("link", { name: "Make admin" }).click();
  await question.getByRole("button", { name: "Confirm: make admin" }).click();
  await expect(page.getByText(`${candidate.fullName} is now an admin.`).first()).toBeVisible();
  await expect(page).toHaveURL(search);
  await expect(roles).toHaveText(["admin", "user"]);
  expect(await rolesOf(candidate.id)).toEqual(["admin", "user"]);
  expect(await roleHistoryOf(candidate.id)).toEqual([{ changed_by: admin.id, user_id: candidate.id, role: "admin", granted: true }]);
});

test("revoking one's own admin role is refused with its message, and the role stays", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Lonely Admin", admin: true });
  await signInDirectly(page, admin, `/admin/users?q=${encodeURIComponent(admin.email)}`);
  const own = row(page, admin.fullName);
  await expect(own.getByRole("list", { name: `Roles of ${admin.fullName}` }).getByRole("listitem")).toHaveText(["admin", "user"]);
  await own.getByRole("link", { name: "Remove admin" }).click();
  await confirmation(page, `Remove ${admin.fullName}'s admin role?`).getByRole("button", { name: "Confirm: remove admin" }).click();
  await expect(page.getByText("You cannot revoke your own admin role.").first()).toBeVisible();
  await expect(page).toHaveURL(`/admin/users?q=${encodeURIComponent(admin.email)}`);
  await expect(own.getByRole("list", { name: `Roles of ${admin.fullName}` }).getByRole("listitem")).toHaveText(["admin", "user"]);
  expect(await rolesOf(admin.id)).toEqual(["admin", "user"]);
  expect(await roleHistoryOf(admin.id)).toEqual([]);
});

test("a customer gets the 403 page; a moderator reads the users without the role forms", async ({ page }) => {
  const customer = await createTestUser({ fullName: "Nosy Customer" });
  await signInDirectly(page, customer, "/dashboard");
  const refused = await page.goto("/admin/users");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();

  const moderator = await createTestUser({ fullName: "Mona Moderator" });
  const granted = await (await getServiceClient()).from("user_roles").insert({ user_id: moderator.id, role: "moderator" });
  if (granted.error) throw granted.error;
  await page.context().clearCookies();
  await signInDirectly(page, moderator, `/admin/users?q=${encodeURIComponent(customer.email)}`);
  await expect(row(page, customer.fullName)).toBeVisible();
  await expect(page.getByRole("link", { name: /^(Make|Remove) (admin|moderator)$/ })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Change a role" })).toHaveCount(0);
});

test("role posts from a customer or a moderator are refused with 403 and change nothing", async ({ page }) => {
  runOnceAcrossProjects();
  const target = await createTestUser({ fullName: "Target Customer" });
  const customer = await createTestUser({ fullName: "Crafty Customer" });
  const moderator = await createTestUser({ fullName: "Crafty Moderator" });
  const granted = await (await getServiceClient()).from("user_roles").insert({ user_id: moderator.id, role: "moderator" });
  if (granted.error) throw granted.error;
  const origin = new URL(test.info().project.use.baseURL!).origin;
  for (const who of [customer, moderator]) {
    await page.context().clearCookies();
    await signInDirectly(page, who, "/dashboard");
    for (const form of [
      { intent: "grant-role", userId: target.id, role: "admin" },
      { intent: "grant-role", userId: who.id, role: "admin" },
    ]) {
      const response = await page.request.post("/admin/users", { form, headers: { Origin: origin }, maxRedirects: 0 });
      expect(response.status(), `${who.fullName} posting ${JSON.stringify(form)}`).toBe(403);
    }
  }
  expect(await rolesOf(target.id)).toEqual(["user"]);
  expect(await rolesOf(customer.id)).toEqual(["user"]);
  expect(await rolesOf(moderator.id)).toEqual(["moderator", "user"]);
  expect(await roleHistoryOf(target.id)).toEqual([]);
});

test("with JavaScript, a skeleton stands in for the list while a search loads", async ({ page }) => {
  test.skip(!javaScriptEnabled(), "without JavaScript the browser shows its own progress");
  const admin = await createTestUser({ fullName: "Patient Admin", admin: true });
  await signInDirectly(page, admin, "/admin/users");
  await expect(page.getByTestId("user-row").first()).toBeVisible();

  // The search's data is held back until the skeleton has been seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/users\.data/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByLabel("Search").fill(admin.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("users-skeleton")).toBeVisible();
  await expect(page.getByTestId("user-row")).toHaveCount(0);
  release();
  await expect(page.getByTestId("users-skeleton")).toHaveCount(0);
  await expect(row(page, admin.fullName)).toBeVisible();
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
});
