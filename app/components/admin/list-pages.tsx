import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { pageWindow } from "~/domain/admin-list-pages";

/** 'Showing X–Y of Z' with Previous and Next links, below every paged admin list (25 a page). */
export function ListPages({ page, total, pageHref }: { page: number; total: number; pageHref: (page: number) => string }) {
  const { first, last, pageCount } = pageWindow(page, total);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>
        Showing {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={pageHref(Math.min(page - 1, pageCount))} className={buttonClasses("outline", "sm")} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={pageHref(page + 1)} className={buttonClasses("outline", "sm")} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
