import { href } from "react-router";
import { describe, expect, it } from "vitest";
import { WIZARD_STEPS } from "./booking-wizard";
import { isWizardPath, wizardPath } from "./wizard-path";

describe("wizardPath", () => {
  it("is the address of the step's route: /book for the first, /book/<step> for the others", () => {
    // href() only accepts addresses of the app's routes: the type check fails if a step's route moves.
    expect(WIZARD_STEPS.map((step) => wizardPath(step))).toEqual([
      href("/book"),
      href("/book/details"),
      href("/book/team"),
      href("/book/service"),
      href("/book/addons"),
      href("/book/review"),
    ]);
  });

  it("asks the step to return to the review when opened from it", () => {
    expect(wizardPath("details", "review")).toBe("/book/details?return=review");
    expect(wizardPath("contact", "review")).toBe("/book?return=review");
  });

  it("is a wizard path for every step", () => {
    for (const step of WIZARD_STEPS) {
      expect(isWizardPath(wizardPath(step))).toBe(true);
      expect(isWizardPath(wizardPath(step, "review"))).toBe(true);
    }
  });
});

describe("isWizardPath", () => {
  it.each(["/book", "/book/", "/book/details", "/book/addons", "/book/addons?tvMounting=1", "/book?team=elite#top"])("%s is a step of the wizard", (path) => {
    expect(isWizardPath(path)).toBe(true);
  });

  it.each([
    "",
    "/",
    "/dashboard",
    "/booking",
    "/book/contact",
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
