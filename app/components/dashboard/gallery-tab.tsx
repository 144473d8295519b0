import type { SubmissionResult } from "@conform-to/react";

// What the gallery tab shows; the route's server module loads it.
export interface GalleryTabData {}

export function GalleryTab(_props: { data: GalleryTabData; lastResult: SubmissionResult<string[]> | null | undefined | unknown }) {
  return <h2 id="dashboard-tab-heading">Gallery</h2>;
}
