import { Form } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import type { SearchedListQuery } from "~/domain/searched-list-query";

/** A searched admin list's search: a GET form that keeps the list's sort and starts again at its first page. */
export function ListSearchForm<Column extends string>({
  id,
  query,
  placeholder,
  className = "",
}: {
  id: string;
  query: SearchedListQuery<Column>;
  placeholder: string;
  className?: string;
}) {
  return (
    <Form method="get" className={`flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 ${className}`}>
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.sort && query.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <div className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium">
        <label htmlFor={id}>Search</label>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={200}
          placeholder={placeholder}
          className="h-10 rounded-lg border border-slate-300 px-3 font-normal"
        />
      </div>
      <button type="submit" className={buttonClasses("primary")}>
        Search
      </button>
    </Form>
  );
}
