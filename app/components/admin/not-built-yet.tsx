import { AdminPageHeading } from "./admin-page-heading";

/** A page of the admin area that is not built yet: it says so instead of showing an empty screen. */
export function NotBuiltYet({ title, what }: { title: string; what: string }) {
  return (
    <>
      <AdminPageHeading title={title} />
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">This page is not built yet. It will show {what}.</p>
    </>
  );
}
