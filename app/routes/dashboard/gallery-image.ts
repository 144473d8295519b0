import { data } from "react-router";
import type { Route } from "./+types/gallery-image";

/** A gallery photo (`full`) or its thumbnail (`thumb`), for its owner only. */
export async function loader(_args: Route.LoaderArgs) {
  throw data("Not found", { status: 404 });
}
