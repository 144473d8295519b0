import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { builtOnce } from "~/domain/built-once";
import { PAY_BALANCE_INTENT, tipFormSchema, type BalanceView } from "~/domain/balance-payment";
import { formatCents } from "~/domain/money";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

interface BalancePaymentProps {
  balance: BalanceView;
  action: string;
  /** Names this page's Pay press: pressing twice, or resubmitting, starts one checkout. */
  attempt: string;
  lastResult: SubmissionResult<string[]> | undefined;
}

/**
 * While something is left of a move's bill (and it waits for no approval), the form that pays it through
 * Checkout with an optional tip for the crew (a share of the bill or an amount), shown as its own line.
 * With JavaScript the button says what will be charged as the tip is chosen.
 */
export function BalancePaymentSection({ balance, action, attempt, lastResult }: BalancePaymentProps) {
  const paying = useIsSubmitting(PAY_BALANCE_INTENT);
  const { billTotalCents, dueCents } = balance;
  // Built at the first check or tip chosen, not as the page comes alive.
  const schema = useMemo(() => builtOnce(() => tipFormSchema(billTotalCents)), [billTotalCents]);
  const [form, fields] = useForm({
    id: "pay-balance",
    lastResult,
    defaultValue: { tip: "none", tipAmount: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema() }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const chosenTip = useMemo(() => {
    if (form.value === undefined) return null;
    const reading = schema().safeParse({ tip: form.value.tip, tipAmount: form.value.tipAmount });
    return reading.success ? reading.data.tipCents : null;
  }, [form.value, schema]);
  if (!balance.canPay) return null;

  return (
    <section aria-labelledby="balance-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="balance-heading" className="mb-3 text-lg font-semibold">
        Pay the balance
      </h2>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        {form.errors?.[0] ? <FormAlert id={form.errorId} title="Not paid" description={form.errors[0]} /> : null}
        <p className="text-slate-800">
          Left to pay: <strong>{balance.due}</strong>
        </p>
        {balance.savedCard ? (
          <p className="text-sm text-slate-700">{`We may charge it to the ${balance.savedCard} you saved with your deposit, or you can pay it here now, with a tip if you wish.`}</p>
        ) : null}
        <input type="hidden" name="intent" value={PAY_BALANCE_INTENT} />
        <input type="hidden" name="attempt" value={attempt} />
        <fieldset className="flex flex-col gap-2" aria-describedby={fields.tip.errors ? fields.tip.errorId : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">A tip for the crew (optional; all of it goes to them)</legend>
          {balance.tipOptions.map((option) => (
            <label key={option.value} className="flex min-h-6 items-center gap-2">
              <input {...getInputProps(fields.tip, { type: "radio", value: option.value })} key={`${fields.tip.key}-${option.value}`} className="size-4" />
              {option.label}
            </label>
          ))}
          {fields.tip.errors ? (
            <p id={fields.tip.errorId} className="text-sm text-red-700">
              {fields.tip.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <TextField
          field={fields.tipAmount}
          label="Tip amount, for another amount"
          type="text"
          autoComplete="off"
          inputProps={{ inputMode: "decimal", placeholder: "$" }}
        />
        <StatusButton type="submit" pending={paying}>
          {paying ? "Opening the payment…" : chosenTip === null ? "Pay the balance" : `Pay ${formatCents(dueCents + chosenTip)}`}
        </StatusButton>
      </Form>
    </section>
  );
}
