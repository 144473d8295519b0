import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/ui/text-field";

/** A new password and its confirmation, with the rule spelled out (sign-up and reset share it). */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  labels: { password: string; confirmPassword: string };
}) {
  return (
    <>
      <TextField
        field={password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
      />
      <TextField field={confirmPassword} label={labels.confirmPassword} type="password" autoComplete="new-password" />
    </>
  );
}
