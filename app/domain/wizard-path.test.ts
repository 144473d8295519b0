import { describe, expect, it } from "vitest";
import { isWizardPath } from "./wizard-path";

describe("isWizardPath", () => {
  it.each(["/book", "/book/", "/book/details", "/book/addons", "/book/addons?tvMounting=1", "/book?team=elite#top"])("%s is a step of the wizard", (path) => {
    expect(isWizardPath(path)).toBe(true);
  });

  it.each([
    "",
    "/",
    "/dashboard",
    "/booking",
    "/book/photos",
    "/book/unknown",
    "/book/addons/extra",
    "/book/photos/a/drafts/b/c.webp",
    "book/addons",
    "//book",
  ])("%s is not", (path) => {
    expect(isWizardPath(path)).toBe(false);
  });
});
