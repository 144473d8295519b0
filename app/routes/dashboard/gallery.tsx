import { GalleryTab } from "~/components/dashboard/gallery-tab";
import { pageMeta } from "../frame-meta";
import { galleryAction, loadGalleryTab } from "./gallery-tab.server";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Photo Gallery", matches);

export async function loader(args: Route.LoaderArgs) {
  return { gallery: await loadGalleryTab(args) };
}

/** The photos' Delete forms post to this page's own address (the uploader to its own route). */
export function action(args: Route.ActionArgs) {
  return galleryAction(args);
}

export default function DashboardGallery({ loaderData }: Route.ComponentProps) {
  return <GalleryTab data={loaderData.gallery} />;
}
