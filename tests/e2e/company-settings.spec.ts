import { expect, test } from "@playwright/test";
import { getServiceClient } from "./support/backend.ts";

// The company's name, phone and area come from the saved settings, not from the code.
test("pages show the company settings the admin saved", async ({ page }) => {
  const client = await getServiceClient();
  const saved = await client.from("app_settings").select("company_name, admin_phone, default_service_area").single();
  expect(saved.error).toBeNull();
  try {
    const update = await client
      .from("app_settings")
      .update({ company_name: "Peachtree Movers", admin_phone: "(678) 555-0199", default_service_area: "Decatur, GA" })
      .eq("id", true);
    expect(update.error).toBeNull();
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Peachtree Movers" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Moving across Decatur, GA, made simple");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "(678) 555-0199" })).toHaveAttribute("href", "tel:+16785550199");
    await expect(page).toHaveTitle("Peachtree Movers · Book your move in a minute");
  } finally {
    await client.from("app_settings").update(saved.data!).eq("id", true);
  }
});
