import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";

/**
 * The address a sign-up confirmation link confirms, before its token is spent (service role: the
 * visitor who opens it has no session to ask with). Null for a spent, replaced or unknown link, and
 * when the lookup fails (logged): the page then names the address once it is confirmed.
 */
export async function addressOfConfirmationLink(context: Readonly<RouterContextProvider>, tokenHash: string): Promise<string | null> {
  const { data, error } = await context.get(servicesContext).serviceRole.rpc("address_of_confirmation_link", { _token_hash: tokenHash });
  if (error) {
    context.get(requestContext).logger.warn({ err: error }, "could not read the address of a confirmation link");
    return null;
  }
  return data || null;
}
