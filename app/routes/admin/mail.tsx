import { useCompany } from "~/components/company-context";
import { Link } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { ListPages } from "~/components/admin/list-pages";
import { MAILBOX_PAGE_SIZE, formatMailAddresses, mailboxPage, mailboxPageHref } from "~/domain/admin-mailbox";
import { formatCompanyDateTime } from "~/domain/booking";
import type { Route } from "./+types/mail";
import { openMailbox } from "./mailbox-access";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Mailbox · Admin", matches);

/** A page of the caught messages, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const mailbox = await openMailbox(request, context);
  const page = mailboxPage(new URL(request.url).searchParams);
  const { total, messages } = mailbox.list({ offset: (page - 1) * MAILBOX_PAGE_SIZE, limit: MAILBOX_PAGE_SIZE });
  return { page, total, messages };
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { page, total, messages } = loaderData;
  const company = useCompany();
  return (
    <>
      <AdminPageHeading title="Mailbox" description="Every email this server has sent, as the embedded mail catcher received it." />
      {total === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">No mail yet.</p>
      ) : (
        <div className="flex flex-col gap-4">
          {/* A list, not a table: a subject and its addresses wrap on a phone instead of running off the screen. */}
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {messages.map((message) => (
              <li key={message.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
                <Link to={`/admin/mail/${message.id}`} className="font-medium [overflow-wrap:anywhere] text-blue-700 underline-offset-2 hover:underline">
                  {message.subject || "(no subject)"}
                </Link>
                <p className="text-slate-600 [overflow-wrap:anywhere]">
                  To {formatMailAddresses(message.to)} · {formatCompanyDateTime(message.receivedAt, company.timeZone)}
                  {message.attachmentCount > 0 ? ` · ${message.attachmentCount} attachment${message.attachmentCount === 1 ? "" : "s"}` : null}
                </p>
              </li>
            ))}
          </ul>
          <ListPages page={page} total={total} pageHref={mailboxPageHref} />
        </div>
      )}
    </>
  );
}
