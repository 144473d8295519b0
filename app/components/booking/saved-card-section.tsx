import { Form } from "react-router";
import { StatusButton } from "~/components/ui/status-button";
import { FORGET_CARD_INTENT } from "~/domain/saved-card";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

/**
 * The card the customer saved with the deposit for the balance after the move, and the way to take
 * that consent back: 'Remove this card'.
 */
export function SavedCardSection({ card, action }: { card: string; action: string }) {
  const removing = useIsSubmitting(FORGET_CARD_INTENT);
  return (
    <section aria-labelledby="saved-card-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="saved-card-heading" className="mb-2 text-lg font-semibold">
        Saved card
      </h2>
      <p className="text-sm text-slate-700">{`You saved your ${card} with your deposit: we may charge the balance of your bill to it after your move.`}</p>
      <Form method="post" action={action} className="mt-3">
        <input type="hidden" name="intent" value={FORGET_CARD_INTENT} />
        <StatusButton type="submit" variant="outline" pending={removing}>
          {removing ? "Removing…" : "Remove this card"}
        </StatusButton>
      </Form>
    </section>
  );
}
