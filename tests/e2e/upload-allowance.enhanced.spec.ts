import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { hydrated } from "./support/hydration.ts";
import { ownServer } from "./support/own-server.ts";

// The upload allowance as production has it (the test environment lifts it): the page's script sends
// the chosen photos one a post, and a customer who fills the gallery within a minute gets every photo
// in. A server of its own, started with production's BOOKING_ACTIONS_PER_MINUTE.

const server = ownServer("upload-allowance", { BOOKING_ACTIONS_PER_MINUTE: "10" });

const photo = async (n: number) => ({
  name: `photo-${n}.jpg`,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: (n * 37) % 256, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer(),
});

test("a customer uploads 3 photos, deletes one, then chooses 18 at once, and all 18 arrive", async ({ page }) => {
  test.setTimeout(240_000);
  const { base } = server();
  const client = await server().serviceClient();
  const email = `gallery-${Date.now().toString(36)}@example.com`;
  const password = "Passw0rdOk";
  const created = await client.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: "Gus Gallery" } });
  if (created.error) throw created.error;
  const signIn = await page.request.post(`${base}/?index`, {
    form: { intent: "login", email, password, redirectTo: "" },
    headers: { Origin: base },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const uploader = `${base}/dashboard/gallery?upload=1`;
  const photos = await Promise.all(Array.from({ length: 21 }, (_, n) => photo(n + 1)));
  const grid = page.getByRole("list", { name: "Your photos" }).getByRole("img");

  await page.goto(uploader);
  await hydrated(page);
  await page.getByLabel("Choose photos").setInputFiles(photos.slice(0, 3));
  await expect(grid).toHaveCount(3, { timeout: 60_000 });
  await page.getByRole("link", { name: "Preview photo-2.jpg" }).click();
  await page.getByRole("dialog", { name: "photo-2.jpg" }).getByRole("button", { name: "Delete Photo" }).click();
  await expect(grid).toHaveCount(2);

  await page.goto(uploader);
  await hydrated(page);
  await page.getByLabel("Choose photos").setInputFiles(photos.slice(3));
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText("18 photos added.", { timeout: 180_000 });
  await expect(grid).toHaveCount(20);
  const rows = await client.from("user_images").select("file_name").eq("user_id", created.data.user.id);
  expect(rows.data?.map((row) => row.file_name).sort()).toEqual(
    photos
      .map((file) => file.name)
      .filter((name) => name !== "photo-2.jpg")
      .sort(),
  );
});
