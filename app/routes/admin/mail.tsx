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
  return (
    <>
      <AdminPageHeading title="Mailbox" description="Every email this server has sent, as the embedded mail catcher received it." />
      {total === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">No mail yet.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-100 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Received
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    To
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Subject
                  </th>
                </tr>
              </thead>
              <tbody>
                {messages.map((message) => (
                  <tr key={message.id} className="border-t border-slate-200">
                    <td className="px-4 py-2 whitespace-nowrap">{formatCompanyDateTime(message.receivedAt)}</td>
                    <td className="px-4 py-2">{formatMailAddresses(message.to)}</td>
                    <td className="px-4 py-2">
                      <Link to={`/admin/mail/${message.id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline">
                        {message.subject || "(no subject)"}
                      </Link>
                      {message.attachmentCount > 0 ? (
                        <span className="ml-2 text-slate-500">
                          ({message.attachmentCount} attachment{message.attachmentCount === 1 ? "" : "s"})
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPages page={page} total={total} pageHref={mailboxPageHref} />
        </div>
      )}
    </>
  );
}
