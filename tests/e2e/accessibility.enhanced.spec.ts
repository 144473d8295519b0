import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient } from "./support/backend.ts";
import { insertWebsiteEvents, sampleWebsiteEvents } from "./support/website-events.ts";
import { answerStepsToAddons, continueButton, expectStep } from "./support/wizard.ts";

// axe runs inside the page, so this check needs JavaScript; the markup it audits is the server's.
const PAGES = ["/", "/accessibility", "/no-such-page", "/?auth=login", "/?auth=signup", "/?auth=forgot", "/reset-password?token_hash=abc&type=recovery"];

// One page visits them all, each as a first visit; every one is audited before the findings are
// compared, so a failure names each page that has one.
test("the signed-out pages have no serious or critical accessibility violations", async ({ page }) => {
  const violations: string[] = [];
  for (const path of PAGES) {
    await page.context().clearCookies();
    await page.goto(path);
    violations.push(...(await seriousViolations(page, path)));
  }
  expect(violations).toEqual([]);
});

test("signed-in pages have no serious or critical accessibility violations", async ({ page }) => {
  const user = await createTestUser({ fullName: "Ally Access" });
  await signInDirectly(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ["/dashboard", "/admin"]) {
    await page.goto(path);
    expect(await seriousViolations(page, path)).toEqual([]);
  }
});

test("the users pages, with accounts of every role and full profiles on them, have no serious or critical accessibility violations", async ({ page }) => {
  const tag = `ax${Date.now().toString(36)}`;
  const service = await getServiceClient();
  const customer = await createTestUser({ fullName: `Ava ${tag} Access` });
  const profile = await service
    .from("profiles")
    .update({ phone: "(404) 555-0123", address: "12 Oak St, Atlanta, GA", bio: "Two cats, one piano." })
    .eq("user_id", customer.id);
  if (profile.error) throw profile.error;
  await createTestUser({ fullName: "" });
  const moderator = await createTestUser({ fullName: `Milo ${tag} Moderator` });
  const granted = await service.from("user_roles").insert({ user_id: moderator.id, role: "moderator" });
  if (granted.error) throw granted.error;
  const admin = await createTestUser({ fullName: `Ada ${tag} Admin`, admin: true });
  await signInDirectly(page, admin, "/admin/users");
  for (const path of ["/admin/users", `/admin/users?q=${tag}`, "/admin/users?q=nobody-at-all", "/admin/overview/users"]) {
    await page.goto(path);
    if (path.endsWith(tag)) await expect(page.getByText("Showing 1–3 of 3")).toBeVisible();
    expect(await seriousViolations(page, path)).toEqual([]);
  }
});

test("the Website Analytics tab, with data, has no serious or critical accessibility violations", async ({ page }) => {
  await insertWebsiteEvents(sampleWebsiteEvents("e2e accessibility visitors"));
  const admin = await createTestUser({ fullName: "Ally Analytics", admin: true });
  await signInDirectly(page, admin, "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/overview/analytics");
  await expect(page.getByRole("img", { name: /Page views per hour/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Exit Points", exact: true }).getByRole("listitem")).not.toHaveCount(0);
  // The hourly table beside the chart, in its scrolling box.
  await expect(page.getByRole("region", { name: "Page views per hour as a table" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the booking wizard's add-ons step and its review have no serious or critical accessibility violations", async ({ page }) => {
  const audit = async (step: string) => {
    await expectStep(page, step);
    expect(await seriousViolations(page, step)).toEqual([]);
  };
  await answerStepsToAddons(page);
  await page.getByLabel("Packing service").check();
  await audit("Add-ons");
  await continueButton(page).click();
  await audit("Review and pay");
});
