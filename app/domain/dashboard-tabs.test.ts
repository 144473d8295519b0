import { describe, expect, it } from "vitest";
import { dashboardTabPath, movedDashboardTabAddress } from "./dashboard-tabs";

const moved = (address: string) => movedDashboardTabAddress(new URL(address, "https://movers.example"));

describe("dashboardTabPath", () => {
  it("gives each tab its own page, the overview the dashboard itself", () => {
    expect(dashboardTabPath("overview")).toBe("/dashboard");
    expect(dashboardTabPath("profile")).toBe("/dashboard/profile");
    expect(dashboardTabPath("gallery")).toBe("/dashboard/gallery");
  });
});

describe("movedDashboardTabAddress", () => {
  it("sends a tab's earlier address to its page", () => {
    expect(moved("/dashboard?tab=profile")).toBe("/dashboard/profile");
    expect(moved("/dashboard?tab=gallery")).toBe("/dashboard/gallery");
    expect(moved("/dashboard/?tab=gallery")).toBe("/dashboard/gallery");
  });

  it("keeps the other query parameters, in their order, and drops the index route's marker", () => {
    expect(moved("/dashboard?tab=gallery&preview=abc&upload=1")).toBe("/dashboard/gallery?preview=abc&upload=1");
    expect(moved("/dashboard?upload=1&tab=gallery")).toBe("/dashboard/gallery?upload=1");
    expect(moved("/dashboard?index&tab=profile")).toBe("/dashboard/profile");
    expect(moved("/dashboard?tab=gallery&q=a%20b%26c")).toBe("/dashboard/gallery?q=a+b%26c");
  });

  it("sends the overview's name, an unknown tab and an empty one to the dashboard", () => {
    expect(moved("/dashboard?tab=overview")).toBe("/dashboard");
    expect(moved("/dashboard?tab=<script>")).toBe("/dashboard");
    expect(moved("/dashboard?tab=")).toBe("/dashboard");
    expect(moved("/dashboard?tab=Profile")).toBe("/dashboard");
  });

  it("leaves every other address alone", () => {
    expect(moved("/dashboard")).toBeNull();
    expect(moved("/dashboard?preview=abc")).toBeNull();
    expect(moved("/dashboard/profile?tab=gallery")).toBeNull();
    expect(moved("/dashboard/bookings?tab=profile")).toBeNull();
    expect(moved("/admin?tab=users")).toBeNull();
  });
});
