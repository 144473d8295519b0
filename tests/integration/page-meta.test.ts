import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";

// Every page tells search results and shared links what it is: a title and a description, whatever
// its data (a page's meta is also asked for before its loader has answered, or after it failed).

const ROUTES = path.resolve("app/routes");

/** The route modules that render a page (a default export) and say what the page is (a meta export). */
function pageModules(): string[] {
  const files = readdirSync(ROUTES, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx$/.test(file));
  return files.filter((file) => {
    const source = readFileSync(path.join(ROUTES, file), "utf8");
    // The 404 renders nothing of its own: its loader throws, and its layout's error page is shown.
    return /export default function/.test(source) && !/layout\.tsx$/.test(file) && file !== "public/not-found.tsx";
  });
}

describe("each page's meta", () => {
  const pages = pageModules();

  it("finds the pages", () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        "public/landing.tsx",
        "book/details.tsx",
        "admin/bookings.tsx",
        "dashboard/overview.tsx",
        "dashboard/profile.tsx",
        "dashboard/gallery.tsx",
      ]),
    );
  });

  it.each(pages)("%s has a title and a description", async (file) => {
    const module = (await import(path.join(ROUTES, file))) as { meta?: (args: unknown) => Array<Record<string, string>> };
    expect(module.meta, `${file} exports meta`).toBeTypeOf("function");
    const descriptors = module.meta!({ matches: [], loaderData: undefined, params: {}, location: { pathname: "/" }, error: undefined });
    expect(descriptors.find((descriptor) => "title" in descriptor)?.title).toMatch(/\S/);
    expect(descriptors.find((descriptor) => descriptor.name === "description")?.content).toMatch(/\w.{20,}/);
  });

  it.each(["public", "book", "dashboard", "admin"])("the %s frame's error pages (the 404 among them) have a title and a description", async (frame) => {
    const layout = (await import(path.join(ROUTES, frame, "layout.tsx"))) as { meta: (args: unknown) => Array<Record<string, string>> };
    // What a loader's `throw data(null, { status: 404 })` reaches the boundary as.
    const notFound = new ErrorResponseImpl(404, "Not Found", null);
    const descriptors = layout.meta({ matches: [], loaderData: undefined, params: {}, location: { pathname: "/nowhere" }, error: notFound });
    expect(descriptors.find((descriptor) => "title" in descriptor)?.title).toMatch(/\S/);
    expect(descriptors.find((descriptor) => descriptor.name === "description")?.content).toMatch(/\w.{20,}/);
  });

  it("only the pages of one payment or one emailed link ask search engines not to list them", async () => {
    // Pages behind sign-in need no such tag: a crawler is sent to the sign-in page and never sees them.
    const unlisted: string[] = [];
    for (const file of pages) {
      const module = (await import(path.join(ROUTES, file))) as { meta: (args: unknown) => Array<Record<string, string>> };
      const descriptors = module.meta({ matches: [], loaderData: undefined, params: {}, location: { pathname: "/" }, error: undefined });
      if (descriptors.some((descriptor) => descriptor.name === "robots" && descriptor.content?.includes("noindex"))) unlisted.push(file);
    }
    expect(unlisted.sort()).toEqual([
      "public/confirm-email.tsx",
      "public/manage-booking.tsx",
      "public/manage-receipt.tsx",
      "public/manage-reschedule.tsx",
      "public/payment-canceled.tsx",
      "public/payment-success.tsx",
      "public/reset-password.tsx",
    ]);
  });
});
