import { type FieldMetadata, getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { PROFILE_LIMITS, profileSchema, type ProfileView } from "~/domain/profile";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { AvatarField } from "./avatar-field";

// What the profile tab shows; the route's server module loads it.
export interface ProfileTabData {
  /** The saved profile, or null when it could not be read. */
  profile: ProfileView | null;
  loadFailed: boolean;
}

const INTENT = "save-profile";

export function ProfileTab({ data, lastResult }: { data: ProfileTabData; lastResult: SubmissionResult<string[]> | null | undefined | unknown }) {
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div>
        <h2 id="dashboard-tab-heading" className="text-xl font-semibold text-slate-900">
          Profile
        </h2>
        <p className="text-slate-600">Your name and picture appear in the menu at the top of each page.</p>
      </div>
      {data.profile ? (
        // A saved change (a new avatar, new values) starts the form afresh from what was saved.
        <ProfileForm key={JSON.stringify(data.profile)} profile={data.profile} lastResult={asSubmissionResult(lastResult)} />
      ) : (
        <FormAlert title="Failed to load your profile." description="Please reload the page to try again." />
      )}
    </div>
  );
}

/** The route's action data, when it is this form's answer. */
function asSubmissionResult(value: unknown): SubmissionResult<string[]> | undefined {
  return typeof value === "object" && value !== null && ("status" in value || "initialValue" in value) ? (value as SubmissionResult<string[]>) : undefined;
}

function ProfileForm({ profile, lastResult }: { profile: ProfileView; lastResult: SubmissionResult<string[]> | undefined }) {
  const pending = useIsSubmitting(INTENT);
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: { fullName: profile.fullName, phone: profile.phone, address: profile.address, bio: profile.bio },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="flex flex-col gap-5" preventScrollReset>
      <input type="hidden" name="intent" value={INTENT} />
      {form.errors?.[0] ? <FormAlert id={form.errorId} title="Error" description={form.errors[0]} /> : null}
      <AvatarField field={fields.avatar} savedUrl={profile.avatarUrl} />
      <TextField field={fields.fullName} label="Full name" type="text" autoComplete="name" />
      <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" hint="A US number, like (404) 555-0123." />
      <TextField field={fields.address} label="Address" type="text" autoComplete="street-address" />
      <TextAreaField field={fields.bio} label="Bio" hint={`Up to ${PROFILE_LIMITS.bio} characters.`} />
      <StatusButton type="submit" pending={pending} className="self-start">
        {pending ? "Saving…" : "Save Profile"}
      </StatusButton>
    </Form>
  );
}

/** A labelled textarea with its hint and first error below it. */
function TextAreaField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint: string }) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={5}
        aria-describedby={[hintId, error ? field.errorId : null].filter(Boolean).join(" ")}
        className="rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600"
      />
      <p id={hintId} className="text-xs text-slate-500">
        {hint}
      </p>
      {error ? (
        <p id={field.errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
