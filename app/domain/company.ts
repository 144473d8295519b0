/** Who the product speaks for. One metro area, one phone line. */
export const COMPANY = {
  name: "Metro Movers",
  tagline: "Atlanta's careful movers",
  serviceArea: "Atlanta, GA",
  phoneDisplay: "(404) 555-0182",
  phoneE164: "+14045550182",
  email: "hello@metromovers.example",
  businessHours: "8:00 AM - 6:00 PM",
  rating: "4.6/5",
  /** Who runs the company, shown in every admin page's header until an admin changes it. */
  executiveName: "Jordan Ellis",
  executiveTitle: "Founder & CEO",
  /** The company's clock until the admin sets another in the settings (`CompanySettings.timeZone`). */
  timeZone: "America/New_York",
} as const;
