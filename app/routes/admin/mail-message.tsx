import { useCompany } from "~/components/company-context";
import { data, Link } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { buttonClasses } from "~/components/ui/button";
import { formatMailAddresses } from "~/domain/admin-mailbox";
import { formatCompanyDateTime } from "~/domain/booking";
import type { Route } from "./+types/mail-message";
import { openMailbox } from "./mailbox-access";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(`${loaderData?.message.subject || "Message"} · Mailbox · Admin`, matches);

/** One caught message: its headers, both bodies and its attachments. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const mailbox = await openMailbox(request, context);
  const message = mailbox.read(params.messageId);
  if (!message) throw data(null, { status: 404 });
  return { message };
}

export default function AdminMailMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  const company = useCompany();
  const rows: Array<[string, string]> = [
    ["From", formatMailAddresses(message.from)],
    ["To", formatMailAddresses(message.to)],
    ...(message.cc.length > 0 ? [["Cc", formatMailAddresses(message.cc)] as [string, string]] : []),
    ["Date", formatCompanyDateTime(message.receivedAt, company.timeZone)],
  ];
  return (
    <>
      <AdminPageHeading
        title={message.subject || "(no subject)"}
        actions={
          <Link to="/admin/mail" className={buttonClasses("outline", "sm")}>
            All mail
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-700">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="mail-html">
          <h2 id="mail-html" className="mb-2 text-lg font-semibold">
            HTML version
          </h2>
          {message.html ? (
            // No scripts, forms or navigation from the message: an empty sandbox, its own document.
            <iframe title="HTML version" sandbox="" srcDoc={message.html} className="h-[32rem] w-full rounded-lg border border-slate-200 bg-white" />
          ) : (
            <p className="text-slate-600">This message has no HTML version.</p>
          )}
        </section>
        <section aria-labelledby="mail-text">
          <h2 id="mail-text" className="mb-2 text-lg font-semibold">
            Text version
          </h2>
          {message.text ? (
            <pre className="rounded-lg border border-slate-200 bg-white p-4 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">{message.text}</pre>
          ) : (
            <p className="text-slate-600">This message has no text version.</p>
          )}
        </section>
        {message.attachments.length > 0 ? (
          <section aria-labelledby="mail-attachments">
            <h2 id="mail-attachments" className="mb-2 text-lg font-semibold">
              Attachments
            </h2>
            <ul className="list-inside list-disc text-sm">
              {message.attachments.map((attachment, index) => (
                <li key={index}>
                  <a href={`/admin/mail/${message.id}/attachments/${index}`} download={attachment.filename} className="text-blue-700 underline">
                    {attachment.filename}
                  </a>{" "}
                  <span className="text-slate-500">
                    ({attachment.contentType}, {attachment.size} bytes)
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}
