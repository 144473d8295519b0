import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_COMPANY_FACTS, type CompanyFacts } from "~/domain/company-settings";

const CompanyContext = createContext<CompanyFacts>(DEFAULT_COMPANY_FACTS);

/** The company's name, phone and area as the admin saved them, for every component below. */
export function CompanyProvider({ facts, children }: { facts: CompanyFacts; children: ReactNode }) {
  return <CompanyContext.Provider value={facts}>{children}</CompanyContext.Provider>;
}

export const useCompany = () => useContext(CompanyContext);
