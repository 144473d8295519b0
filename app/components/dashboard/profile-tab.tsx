import type { SubmissionResult } from "@conform-to/react";

// What the profile tab shows; the route's server module loads it.
export interface ProfileTabData {}

export function ProfileTab(_props: { data: ProfileTabData; lastResult: SubmissionResult<string[]> | null | undefined | unknown }) {
  return <h2 id="dashboard-tab-heading">Profile</h2>;
}
