import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigation } from "react-router";
import { AddressDialog } from "~/components/ui/address-dialog";
import { buttonClasses } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";

/** "Are you sure…": a form that cancels, and 'Keep booking', a link back; opened by `?cancel=confirm`. */
export function CancelConfirmationDialog({ action, depositOutcome }: { action: string; depositOutcome: string }) {
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel";
  return (
    <AddressDialog closeTo={action} replace labelledBy="cancel-dialog-title" describedBy="cancel-dialog-description">
      <Dialog.Title id="cancel-dialog-title" className="text-xl font-bold">
        Cancel this booking?
      </Dialog.Title>
      <Dialog.Description id="cancel-dialog-description" className="mt-2 text-slate-700">
        Are you sure you want to cancel this booking? {depositOutcome} This cannot be undone online.
      </Dialog.Description>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Link to={action} replace preventScrollReset className={buttonClasses("outline", "md")}>
            Keep booking
          </Link>
        </Dialog.Close>
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="cancel" />
          <StatusButton type="submit" pending={cancelling} className="w-full">
            Yes, cancel booking
          </StatusButton>
        </Form>
      </div>
    </AddressDialog>
  );
}
