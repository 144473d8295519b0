import { Plus } from "lucide-react";
import { Link, href } from "react-router";
import { BoxesIllustration } from "~/components/illustrations";
import { buttonClasses } from "~/components/ui/button";

/** A customer without bookings (the overview and 'All bookings'): the way to book the first move. */
export function NoBookingsYet() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-8 text-center">
      <BoxesIllustration priority className="max-w-40" />
      <p className="text-lg font-medium text-slate-800">No bookings yet</p>
      <Link to={`${href("/book")}?from=dashboard`} className={buttonClasses("primary", "md")}>
        <Plus aria-hidden className="size-5" />
        Book Your First Move
      </Link>
    </div>
  );
}
