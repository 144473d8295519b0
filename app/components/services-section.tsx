import { Check, Hammer, Phone, Sparkles, Trash2, Tv, Users } from "lucide-react";
import { Fragment } from "react";
import { Link, href } from "react-router";
import { formatCents } from "~/domain/money";
import { LANDING_ADDON_CARDS, MINIMUM_HOURS, hourlyRateCents, type AddonCard, type TeamType } from "~/domain/pricing";
import { PhoneLink } from "./phone-link";
import { buttonClasses } from "./ui/button";

const TEAM_TIERS: Array<{ team: TeamType; name: string; summary: string; features: string[]; highlighted: boolean }> = [
  {
    team: "elite",
    name: "Elite Team",
    summary: "Experienced movers for a smooth, efficient move.",
    features: ["Two trained movers and a truck", "Furniture blankets and shrink wrap", "Disassembly and reassembly"],
    highlighted: false,
  },
  {
    team: "luxury",
    name: "Luxury Team",
    summary: "Our most senior crew for homes that need extra care.",
    features: ["Senior crew lead on site", "Wardrobe boxes and mattress covers", "Room-by-room placement and unpacking help"],
    highlighted: true,
  },
];

const ADDON_ICONS = {
  "extra-movers": Users,
  "deep-cleaning": Sparkles,
  "tv-mounting": Tv,
  "furniture-assembly": Hammer,
  "junk-removal": Trash2,
} as const;

/** The price figure by figure; each figure stays on one line with its unit. */
function AddonPrice({ addon }: { addon: AddonCard }) {
  return (
    <p className="mt-2 text-slate-600">
      {addon.priceParts.map(({ amount, unit }, index) => (
        <Fragment key={amount + unit}>
          {index > 0 ? " " : null}
          <span className="whitespace-nowrap">
            <span className="text-lg font-bold text-brand-700">{amount}</span>
            {unit ? ` ${unit}` : null}
            {index < addon.priceParts.length - 1 ? "," : null}
          </span>
        </Fragment>
      ))}
    </p>
  );
}

/**
 * Add-ons the wizard sells open it with the add-on chosen; the others are added by phone. The
 * link's accessible name starts with its visible words; the hidden rest says which service it is
 * for, and begins with its own space (assistive technology may or may not add one).
 */
function AddonAction({ addon }: { addon: AddonCard }) {
  const className = buttonClasses("outline", "sm", "mt-4 w-full");
  if (addon.bookingCounter) {
    return (
      <Link to={`${href("/book")}?${addon.bookingCounter}=1`} className={className}>
        Add to my move<span className="sr-only"> ({addon.name})</span>
      </Link>
    );
  }
  return (
    <PhoneLink className={className}>
      <Phone aria-hidden className="size-4" />
      Call to add<span className="sr-only"> {addon.name}</span>
    </PhoneLink>
  );
}

export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-heading" className="scroll-mt-16 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="services-heading" className="text-center text-3xl font-bold">
          Our services
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Pick a team, add what you need. Local moves start at {formatCents(hourlyRateCents("elite", "local"))} an hour with a {MINIMUM_HOURS}-hour minimum.
        </p>

        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {TEAM_TIERS.map((tier) => (
            <article
              key={tier.team}
              className={`flex flex-col rounded-2xl border p-6 ${tier.highlighted ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
            >
              <h3 className="text-xl font-bold">{tier.name}</h3>
              <p className="mt-1 text-slate-600">{tier.summary}</p>
              <p className="mt-4">
                <span className="text-4xl font-bold">{formatCents(hourlyRateCents(tier.team, "local"))}</span>
                <span className="text-slate-600">/hr</span>
              </p>
              <p className="text-sm text-slate-500">{MINIMUM_HOURS}-hour minimum · local moves</p>
              <ul className="mt-4 flex-1 space-y-2">
                {tier.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link to={`${href("/book")}?team=${tier.team}`} className={buttonClasses(tier.highlighted ? "primary" : "outline", "md", "mt-6")}>
                Book the {tier.name}
              </Link>
            </article>
          ))}
        </div>

        <h3 className="mt-16 text-center text-2xl font-bold">Add-on services</h3>
        <ul className="mt-8 grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
          {LANDING_ADDON_CARDS.map((addon) => {
            const Icon = ADDON_ICONS[addon.id];
            return (
              <li key={addon.id} className="flex flex-col rounded-xl border border-slate-200 p-5">
                <div className="flex items-center gap-3">
                  <Icon aria-hidden className="size-7 shrink-0 text-brand-600" />
                  <h4 className="font-semibold">{addon.name}</h4>
                </div>
                <AddonPrice addon={addon} />
                {addon.bookingCounter ? null : <p className="text-sm text-slate-500">Booked by phone</p>}
                <div className="mt-auto">
                  <AddonAction addon={addon} />
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
