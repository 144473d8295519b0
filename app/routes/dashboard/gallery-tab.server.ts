import { data } from "react-router";
import type { GalleryTabData } from "~/components/dashboard/gallery-tab";
import type { Route } from "./+types/home";

/** The gallery tab's data: the customer's photos, newest first. */
export async function loadGalleryTab(_args: Route.LoaderArgs): Promise<GalleryTabData> {
  return {};
}

/** Adds photos to the gallery or deletes one. */
export async function galleryAction(_args: Route.ActionArgs) {
  return data(null, { status: 405 });
}
