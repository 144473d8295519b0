import type { MetaDescriptor } from "react-router";
import { errorStatus, errorTitle } from "~/components/error-page";
import { DEFAULT_COMPANY_FACTS } from "~/domain/company-settings";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The tab title of an error page in a layout: what happened, then the company's name from the root's data. */
export function errorPageMeta(error: unknown, matches: ReadonlyArray<MatchLike | undefined>): MetaDescriptor[] {
  const rootData = matches.find((match) => match?.id === "root")?.loaderData as { company?: { name?: string } } | undefined;
  return [{ title: `${errorTitle(errorStatus(error))} · ${rootData?.company?.name ?? DEFAULT_COMPANY_FACTS.name}` }];
}
