import type { MetaDescriptor } from "react-router";
import { errorStatus, errorTitle } from "~/components/error-page";
import { DEFAULT_COMPANY_FACTS, type CompanyFacts } from "~/domain/company-settings";
import { DEPOSIT_CENTS } from "~/domain/pricing";
import { formatCents } from "~/domain/money";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The company's facts from the root's data, for a route's meta (defaults before it has loaded). */
export function companyFromMatches(matches: ReadonlyArray<MatchLike | undefined>): CompanyFacts {
  const rootData = matches.find((match) => match?.id === "root")?.loaderData as { company?: CompanyFacts } | undefined;
  return rootData?.company ?? DEFAULT_COMPANY_FACTS;
}

/** What the company does, in a sentence: the description of a page that has none of its own. */
export function companyDescription(company: CompanyFacts): string {
  return `${company.name} moves homes and offices across ${company.serviceArea}. Book online and pay a ${formatCents(DEPOSIT_CENTS)} deposit.`;
}

/**
 * A page's tab title (what the page is, then the company's name, so tabs and bookmarks tell pages
 * apart) and its description for search results and shared links (the company's, unless given).
 */
export function pageMeta(title: string, matches: ReadonlyArray<MatchLike | undefined>, description?: string): MetaDescriptor[] {
  const company = companyFromMatches(matches);
  return [{ title: `${title} · ${company.name}` }, { name: "description", content: description ?? companyDescription(company) }];
}

/** The tab title of an error page in a layout: what happened, then the company's name. */
export function errorPageMeta(error: unknown, matches: ReadonlyArray<MatchLike | undefined>): MetaDescriptor[] {
  return pageMeta(errorTitle(errorStatus(error)), matches);
}
