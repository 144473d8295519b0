import { Link } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { ListPages } from "~/components/admin/list-pages";
import { MessageList } from "~/components/admin/message-list";
import { sessionContext, settingsContext } from "~/context";
import { messageView, messagesHref, messagesQuery } from "~/domain/admin-messages";
import { hasPermission } from "~/domain/permissions";
import { ensurePermission } from "~/middleware/guards.server";
import { readFormBody } from "~/services/form-body.server";
import { listRecentMessages } from "~/services/messages.server";
import type { Route } from "./+types/messages";
import { resendMessageAction } from "./message-resend.server";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Messages · Admin", matches);

/** The recent messages across bookings, newest first, 25 a page; `?status=failed` for the failed ones only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:read");
  const { supabase, roles } = context.get(sessionContext);
  const query = messagesQuery(new URL(request.url).searchParams);
  const [{ total, messages }, held, { timeZone }] = await Promise.all([listRecentMessages(supabase, query), roles(), context.get(settingsContext)()]);
  return { query, total, messages: messages.map((message) => messageView(message, timeZone)), canResend: hasPermission(held, "bookings:write") };
}

/** `intent=resend-message`: a failed message queued again. */
export async function action({ request, context }: Route.ActionArgs) {
  return resendMessageAction(request, context, await readFormBody(request));
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { query, total, messages, canResend } = loaderData;
  const filters = [
    { label: "All", failedOnly: false },
    { label: "Failed only", failedOnly: true },
  ];
  return (
    <>
      <AdminPageHeading title="Messages" description="Every email to customers and the office: what waits, what went, and what failed." />
      <div className="flex flex-col gap-4">
        <nav aria-label="Filter messages" className="flex flex-wrap gap-2">
          {filters.map((filter) => {
            const current = filter.failedOnly === query.failedOnly;
            return (
              <Link
                key={filter.label}
                to={messagesHref({ page: 1, failedOnly: filter.failedOnly })}
                aria-current={current ? "page" : undefined}
                className={`rounded-full border px-3 py-1 text-sm font-medium ${current ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
              >
                {filter.label}
              </Link>
            );
          })}
        </nav>
        {messages.length === 0 && total === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
            {query.failedOnly
              ? "No failed messages: everything went or is on its way."
              : "No messages yet. They appear here as bookings are paid, changed and reminded."}
          </p>
        ) : (
          <>
            <MessageList messages={messages} showBooking canResend={canResend} />
            <ListPages page={query.page} total={total} pageHref={(page) => messagesHref({ ...query, page })} />
          </>
        )}
      </div>
    </>
  );
}
