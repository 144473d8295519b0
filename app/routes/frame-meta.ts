import type { MetaDescriptor } from "react-router";
import { errorStatus, errorTitle } from "~/components/error-page";
import { DEFAULT_COMPANY_FACTS, type CompanyFacts } from "~/domain/company-settings";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The company's facts from the root's data, for a route's meta (defaults before it has loaded). */
export function companyFromMatches(matches: ReadonlyArray<MatchLike | undefined>): CompanyFacts {
  const rootData = matches.find((match) => match?.id === "root")?.loaderData as { company?: CompanyFacts } | undefined;
  return rootData?.company ?? DEFAULT_COMPANY_FACTS;
}

/** A page's tab title: what the page is, then the company's name, so tabs and bookmarks tell pages apart. */
export function pageTitle(title: string, matches: ReadonlyArray<MatchLike | undefined>): MetaDescriptor {
  return { title: `${title} · ${companyFromMatches(matches).name}` };
}

/** The tab title of an error page in a layout: what happened, then the company's name. */
export function errorPageMeta(error: unknown, matches: ReadonlyArray<MatchLike | undefined>): MetaDescriptor[] {
  return [pageTitle(errorTitle(errorStatus(error)), matches)];
}
