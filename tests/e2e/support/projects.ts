import { test } from "@playwright/test";

/**
 * Skips the calling test in the no-javascript project: for checks made with crafted HTTP requests,
 * which the browser's JavaScript setting cannot change, so running them twice proves nothing more.
 */
export function runOnceAcrossProjects() {
  test.skip(test.info().project.use.javaScriptEnabled === false, "crafted HTTP requests: the browser's JavaScript setting changes nothing, so this runs once");
}
