import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { SAVE_SETTINGS_INTENT, SettingsForm } from "~/components/admin/settings-form";
import { SettingsSystemInformation } from "~/components/admin/settings-system-information";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { SETTINGS_MESSAGES, companySettingsSchema } from "~/domain/company-settings-form";
import { ensurePermission } from "~/middleware/guards.server";
import { readFormBody } from "~/services/form-body.server";
import { currentAccount } from "~/services/session.server";
import { loadCompanySettings, saveCompanySettings } from "~/services/settings.server";
import { readSystemInformation } from "~/services/system-information.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/settings";
import { requireIntent } from "../form-intent";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Settings · Admin", matches);

/** The settings as saved now (not this process's short-lived copy), and the system's state; for staff who may change settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "settings:write");
  const { supabase } = context.get(sessionContext);
  const { logger } = context.get(requestContext);
  const [settings, system] = await Promise.all([loadCompanySettings(supabase, logger), readSystemInformation(supabase, logger)]);
  return { settings, system };
}

/**
 * Checks the form (errors go back beside their fields, with everything typed), saves it through
 * `save_company_settings`, which records what changed, and drops this process's copy so the next page
 * shows the new settings at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "settings:write");
  const form = await readFormBody(request);
  requireIntent(form, SAVE_SETTINGS_INTENT);
  const submission = parseWithZod(form, { schema: companySettingsSchema() });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const result = await saveCompanySettings(context.get(sessionContext).supabase, submission.value);
  if (result.kind === "forbidden") throw data({ account: await currentAccount(context) }, { status: 403 });
  context.get(servicesContext).settings.invalidate();
  await setToast(context, { type: "success", title: SETTINGS_MESSAGES.saved, description: SETTINGS_MESSAGES.savedDescription });
  return redirect(href("/admin/settings"));
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="Settings" description="The company's details, the admin header and how bookings are handled. Changes take effect when saved." />
      <SettingsForm defaults={loaderData.settings} lastResult={actionData as SubmissionResult<string[]> | undefined} />
      <SettingsSystemInformation info={loaderData.system} />
    </div>
  );
}
