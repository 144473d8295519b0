import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { CREW_TIPS_CSV_HEADER } from "../../app/domain/crews.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient } from "./support/backend.ts";

// The office names its crews and downloads their tips for payroll, with JavaScript on and off: a
// blank name is refused beside its field and nothing changes; names are kept; the CSV downloads.

async function crewNames(): Promise<string[]> {
  const client = await getServiceClient();
  const { data, error } = await client.from("crews").select("name").order("number");
  if (error) throw error;
  return data.map((crew) => crew.name);
}

test("an admin names the crews and downloads their tips", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Crew Admin", admin: true });
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await signInDirectly(page, admin, "/admin");
  await page.getByRole("link", { name: "Crews & Tips" }).first().click();
  await expect(page.getByRole("heading", { name: "Crews & Tips", level: 1 })).toBeVisible();

  const before = await crewNames();
  await page.getByLabel("Crew 2", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save crew names" }).click();
  await expect(page.getByText("Give each crew a name.")).toBeVisible();
  await expect(page.getByLabel("Crew 2", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(await crewNames()).toEqual(before);

  await page.getByLabel("Crew 1", { exact: true }).fill(`North ${tag}`);
  await page.getByLabel("Crew 2", { exact: true }).fill(`South ${tag}`);
  await page.getByRole("button", { name: "Save crew names" }).click();
  await expect(page.getByText("Crews named").first()).toBeVisible();
  await expect(page.getByLabel("Crew 1", { exact: true })).toHaveValue(`North ${tag}`);
  expect((await crewNames()).slice(0, 2)).toEqual([`North ${tag}`, `South ${tag}`]);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await (await download).path();
  expect((await readFile(file, "utf8")).replace(/^\uFEFF/, "").startsWith(CREW_TIPS_CSV_HEADER)).toBe(true);
});
