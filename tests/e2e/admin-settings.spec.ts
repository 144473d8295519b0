import { expect, test, type Page } from "@playwright/test";
import { settingsFromRow, type CompanySettings } from "../../app/domain/company-settings.ts";
import { SETTINGS_MESSAGES } from "../../app/domain/company-settings-form.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient } from "./support/backend.ts";

// An admin edits the company settings on /admin/settings, with and without JavaScript, and the website
// and the admin area show them. The settings are shared by every test: each test puts back what it found,
// through the settings form itself, so the server's short-lived copy of them is dropped at once too.

async function savedSettings(): Promise<CompanySettings> {
  const client = await getServiceClient();
  const { data, error } = await client.from("app_settings").select("*").single();
  if (error) throw error;
  return settingsFromRow(data);
}

/** Posts the settings form as the signed-in admin's browser would, without JavaScript. */
async function saveThroughTheForm(page: Page, settings: CompanySettings) {
  const form: Record<string, string> = { intent: "save-settings" };
  for (const [name, value] of Object.entries(settings)) {
    if (typeof value === "boolean") {
      if (value) form[name] = "on";
    } else form[name] = String(value);
  }
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post("/admin/settings", { form, headers: { Origin: origin }, maxRedirects: 0 });
  expect(response.status(), "the settings form answers with a redirect").toBe(302);
}

test("an admin's new company name, phone, area, hours and executive show on the landing page and in the admin header, and when online changes close is saved", async ({
  page,
}) => {
  const before = await savedSettings();
  const admin = await createTestUser({ fullName: "Settings Admin", admin: true });
  await signInDirectly(page, admin, "/admin/settings");
  try {
    await expect(page.getByRole("heading", { name: "System Information" })).toBeVisible();
    await expect(page.getByText("Connected (answered in")).toBeVisible();
    await expect(page.getByLabel("Company name")).toHaveValue(before.companyName);

    await page.getByLabel("Company name").fill("Peachtree Movers");
    await page.getByLabel("Admin phone").fill("(678) 555-0199");
    await page.getByLabel("Default service area").fill("Decatur, GA");
    await page.getByLabel("Business hours").fill("7:00 AM - 9:00 PM");
    await page.getByLabel("Executive's name").fill("Dana Okafor");
    await page.getByLabel("Executive's title").fill("Owner");
    // Unchecked, a checkbox sends nothing: saved as off, with or without JavaScript.
    await page.getByLabel("Email alerts").setChecked(!before.emailAlerts);
    const noticeHours = page.getByLabel("Online changes close (hours before the move)");
    await expect(noticeHours).toHaveAccessibleDescription("Customers may reschedule or cancel online until this many hours before their move starts.");
    await noticeHours.fill(String(before.customerChangeNoticeHours + 24));
    await page.getByRole("button", { name: "Save Settings" }).click();

    await expect(page.getByText("Settings Saved").first()).toBeVisible();
    await expect(page.getByText("Your settings have been updated successfully.").first()).toBeVisible();
    await expect(page.getByLabel("Company name")).toHaveValue("Peachtree Movers");
    await expect(noticeHours).toHaveValue(String(before.customerChangeNoticeHours + 24));
    await expect(page.getByRole("banner").getByText("Dana Okafor")).toBeVisible();
    await expect(page.getByRole("banner").getByText("Owner", { exact: true })).toBeVisible();
    expect(await savedSettings()).toEqual({
      ...before,
      companyName: "Peachtree Movers",
      adminPhone: "(678) 555-0199",
      defaultServiceArea: "Decatur, GA",
      businessHours: "7:00 AM - 9:00 PM",
      executiveName: "Dana Okafor",
      executiveTitle: "Owner",
      emailAlerts: !before.emailAlerts,
      customerChangeNoticeHours: before.customerChangeNoticeHours + 24,
    });

    await page.getByRole("link", { name: "Back to Website" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Peachtree Movers" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Moving across Decatur, GA, made simple");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "(678) 555-0199" })).toHaveAttribute("href", "tel:+16785550199");
    await expect(page.getByRole("contentinfo").getByText("Peachtree Movers", { exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByText("Open 7:00 AM - 9:00 PM")).toBeVisible();
    await expect(page).toHaveTitle("Peachtree Movers · Book your move in a minute");
  } finally {
    await saveThroughTheForm(page, before);
  }
  expect(await savedSettings()).toEqual(before);
});

test("a wrong email, phone or empty company name is shown beside its field and nothing is saved", async ({ page }) => {
  const before = await savedSettings();
  const admin = await createTestUser({ fullName: "Careless Admin", admin: true });
  await signInDirectly(page, admin, "/admin/settings");
  try {
    await page.getByLabel("Company name").fill("");
    await page.getByLabel("Admin email").fill("office@example");
    await page.getByLabel("Admin phone").fill("555-01");
    await page.getByRole("button", { name: "Save Settings" }).click();

    await expect(page.getByLabel("Company name")).toHaveAccessibleDescription(SETTINGS_MESSAGES.companyNameRequired);
    await expect(page.getByLabel("Admin email")).toHaveAccessibleDescription(SETTINGS_MESSAGES.emailInvalid);
    await expect(page.getByLabel("Admin phone")).toHaveAccessibleDescription(
      `The number customers call, shown on every page. ${SETTINGS_MESSAGES.phoneInvalid}`,
    );
    // What was typed is kept.
    await expect(page.getByLabel("Admin email")).toHaveValue("office@example");
    expect(await savedSettings()).toEqual(before);
  } finally {
    if (JSON.stringify(await savedSettings()) !== JSON.stringify(before)) await saveThroughTheForm(page, before);
  }
});

test("an admin sets how many days website analytics are kept; days out of range are refused beside the field", async ({ page }) => {
  const before = await savedSettings();
  const admin = await createTestUser({ fullName: "Retention Admin", admin: true });
  await signInDirectly(page, admin, "/admin/settings");
  const retention = page.getByLabel("Keep website analytics for (days)");
  try {
    await expect(retention).toHaveValue(String(before.analyticsRetentionDays));
    await retention.fill("3651");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(retention).toHaveAccessibleDescription(`Whole days, 1 to 3650; the reports read the last 48 hours. ${SETTINGS_MESSAGES.retentionRange}`);
    await expect(retention).toHaveValue("3651");
    expect(await savedSettings()).toEqual(before);

    await retention.fill("90");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings Saved").first()).toBeVisible();
    await expect(retention).toHaveValue("90");
    expect(await savedSettings()).toEqual({ ...before, analyticsRetentionDays: 90 });
  } finally {
    if (JSON.stringify(await savedSettings()) !== JSON.stringify(before)) await saveThroughTheForm(page, before);
  }
  expect(await savedSettings()).toEqual(before);
});

test("an admin sets when moves may start (the first bookable day, long moves running past closing); days out of range are refused beside the field", async ({
  page,
}) => {
  const before = await savedSettings();
  const admin = await createTestUser({ fullName: "Hours Admin", admin: true });
  await signInDirectly(page, admin, "/admin/settings");
  const leadDays = page.getByLabel("First bookable day (days after today)");
  const runOver = page.getByLabel("Let long moves run past closing");
  const leadHint = "1: from tomorrow, no same-day moves. 0 allows same-day moves starting at least 2 hours ahead. Up to 60.";
  try {
    // By default: from tomorrow, each move ending by closing.
    await expect(leadDays).toHaveValue(String(before.minimumLeadDays));
    await expect(runOver).toBeChecked({ checked: before.longMovesRunOver });
    await leadDays.fill("61");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(leadDays).toHaveAccessibleDescription(`${leadHint} ${SETTINGS_MESSAGES.leadDaysRange}`);
    await expect(leadDays).toHaveValue("61");
    expect(await savedSettings()).toEqual(before);

    await leadDays.fill("0");
    await runOver.setChecked(true);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings Saved").first()).toBeVisible();
    await expect(leadDays).toHaveValue("0");
    await expect(runOver).toBeChecked();
    expect(await savedSettings()).toEqual({ ...before, minimumLeadDays: 0, longMovesRunOver: true });

    // Unchecked, the box sends nothing: long moves stop running over.
    await runOver.setChecked(false);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(runOver).not.toBeChecked();
    await expect.poll(async () => (await savedSettings()).longMovesRunOver).toBe(false);
    expect(await savedSettings()).toEqual({ ...before, minimumLeadDays: 0, longMovesRunOver: false });
  } finally {
    if (JSON.stringify(await savedSettings()) !== JSON.stringify(before)) await saveThroughTheForm(page, before);
  }
  expect(await savedSettings()).toEqual(before);
});
