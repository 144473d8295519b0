import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { Form, data, href, redirect } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { sessionContext } from "~/context";
import { CREW_MESSAGES, MAX_CREWS, NAME_CREWS_INTENT, NEW_CREW_FIELD, crewNameField, crewNamesSchema, crewTipsView } from "~/domain/crews";
import { TIPS_LABEL } from "~/domain/money-collected";
import { hasPermission } from "~/domain/permissions";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { ensurePermission } from "~/middleware/guards.server";
import { nameCrews, readCrewTips, readCrews } from "~/services/crews.server";
import { readFormBody } from "~/services/form-body.server";
import { currentAccount } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import { requireIntent } from "../form-intent";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/crews";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Crews & Tips · Admin", matches);

/** The crews' names and each crew's tips in the last twelve months: for staff who may read analytics. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "analytics:read");
  const { supabase, roles } = context.get(sessionContext);
  const [crews, tips, held] = await Promise.all([readCrews(supabase), readCrewTips(supabase), roles()]);
  return { crews, tips: tips.map(crewTipsView), mayName: hasPermission(held, "schedule:manage") };
}

/** `intent=name-crews`: the crews' names (and one more, if typed), for staff who manage the schedule. Bad names are answered beside their fields (400). */
export async function action({ request, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "schedule:manage");
  const form = await readFormBody(request);
  requireIntent(form, NAME_CREWS_INTENT);
  const { supabase } = context.get(sessionContext);
  const crews = await readCrews(supabase);
  const submission = parseWithZod(form, { schema: crewNamesSchema(crews.length) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const named = await nameCrews(supabase, submission.value);
  if (named.kind === "forbidden") throw data({ account: await currentAccount(context) }, { status: 403 });
  if (named.kind === "refused") return data({ result: submission.reply({ formErrors: [CREW_MESSAGES.notNamed] }) }, { status: 409 });
  await setToast(context, { type: "success", title: CREW_MESSAGES.named });
  return redirect(href("/admin/crews"));
}

export default function AdminCrews({ loaderData, actionData }: Route.ComponentProps) {
  const { crews, tips, mayName } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Crews & Tips" description="The crews of the schedule by name, and the tips customers paid them, month by month." />
      {mayName ? <CrewNamesForm crews={crews} lastResult={actionData?.result} /> : <CrewList crews={crews} />}
      <section aria-labelledby="crew-tips-heading" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="crew-tips-heading" className="text-lg font-semibold">
            Tips by crew and month
          </h2>
          <a href={href("/admin/crews/tips.csv")} className={buttonClasses("outline", "sm")} download>
            <Download aria-hidden className="size-4" />
            Download CSV
          </a>
        </div>
        <p className="text-sm text-slate-600">
          {TIPS_LABEL}. Each tip goes to the crew its move&apos;s bill names, in the month it was paid; the last twelve months.
        </p>
        {tips.length === 0 ? (
          <p className="text-slate-600">No tips in the last twelve months.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Tips by crew and month, newest month first</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left">
                  <th scope="col" className="py-2 pr-3">
                    Month
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Crew
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Tips
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Tipped moves
                  </th>
                </tr>
              </thead>
              <tbody>
                {tips.map((row) => (
                  <tr key={row.key} className="border-b border-slate-100">
                    <td className="py-2 pr-3">{row.month}</td>
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {row.crew}
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.tips}</td>
                    <td className="py-2 text-right tabular-nums">{row.tippedMoves}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function CrewList({ crews }: { crews: ReadonlyArray<{ number: number; name: string }> }) {
  return (
    <section aria-labelledby="crews-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="crews-heading" className="mb-2 text-lg font-semibold">
        Crews
      </h2>
      <ol className="list-inside list-decimal text-slate-800">
        {crews.map((crew) => (
          <li key={crew.number}>{crew.name}</li>
        ))}
      </ol>
    </section>
  );
}

/** Each crew's name by its row of the schedule, and a crew to add: a plain form, checked again on the server. */
function CrewNamesForm({ crews, lastResult }: { crews: ReadonlyArray<{ number: number; name: string }>; lastResult: SubmissionResult<string[]> | undefined }) {
  const saving = useIsSubmitting(NAME_CREWS_INTENT);
  const [form, fields] = useForm<Record<string, string | undefined>, string[]>({
    id: "crew-names",
    lastResult,
    defaultValue: Object.fromEntries(crews.map((crew) => [crewNameField(crew.number), crew.name])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: crewNamesSchema(crews.length) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const nameInput = (name: string, label: string, hint: string) => {
    const field = fields[name]!;
    return (
      <div key={name} className="flex flex-col gap-1">
        <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          {...getInputProps(field, { type: "text" })}
          key={field.key}
          autoComplete="off"
          aria-describedby={field.errors ? field.errorId : `${field.id}-hint`}
          className="h-11 rounded-lg border border-slate-300 px-3 text-base aria-[invalid=true]:border-red-600"
        />
        {field.errors ? (
          <p id={field.errorId} className="text-sm text-red-700">
            {field.errors[0]}
          </p>
        ) : (
          <p id={`${field.id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
    );
  };
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">Crews</h2>
      {form.errors?.[0] ? <FormAlert id={form.errorId} title="Not saved" description={form.errors[0]} /> : null}
      <input type="hidden" name="intent" value={NAME_CREWS_INTENT} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {crews.map((crew) => nameInput(crewNameField(crew.number), `Crew ${crew.number}`, `Row ${crew.number} of each day's schedule`))}
        {crews.length < MAX_CREWS ? nameInput(NEW_CREW_FIELD, "Add a crew (optional)", `Becomes crew ${crews.length + 1}`) : null}
      </div>
      <StatusButton type="submit" pending={saving} className="self-start">
        {saving ? "Saving…" : "Save crew names"}
      </StatusButton>
    </Form>
  );
}
