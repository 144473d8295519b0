import { describe, expect, it } from "vitest";
import { toastText } from "./toast-text";

describe("toastText", () => {
  it("ends a title that is no sentence with a full stop before its description", () => {
    expect(toastText({ title: "Some files are not images", description: "0 of 1 photo was added." })).toBe(
      "Some files are not images. 0 of 1 photo was added.",
    );
  });

  it("keeps a title that already ends a sentence as it is", () => {
    expect(toastText({ title: "Failed to upload some images. Please try again.", description: "0 of 1 photo was added." })).toBe(
      "Failed to upload some images. Please try again. 0 of 1 photo was added.",
    );
    expect(toastText({ title: "Phone number copied!", description: "Call us." })).toBe("Phone number copied! Call us.");
  });

  it("leaves a title alone when there is no description", () => {
    expect(toastText({ title: "Image deleted" })).toBe("Image deleted");
  });
});
