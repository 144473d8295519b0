import { Check, Hammer, Sparkles, Trash2, Tv, Users } from "lucide-react";
import { Link } from "react-router";
import { formatCents } from "~/domain/money";
import { MARKETING_ADDONS, MINIMUM_HOURS, hourlyRateCents, type TeamType } from "~/domain/pricing";
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

function addonPrice(addon: (typeof MARKETING_ADDONS)[number]) {
  return `${formatCents(addon.priceCents)}${addon.from ? "+" : ""}${addon.unit ? ` ${addon.unit}` : ""}`;
}

export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-heading" className="scroll-mt-16 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="services-heading" className="text-center text-3xl font-bold">
          Our services
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Pick a team, add what you need. Local moves start at {formatCents(hourlyRateCents("elite", "local"))} an hour with a{" "}
          {MINIMUM_HOURS}-hour minimum.
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
              <Link to={`/book?team=${tier.team}`} className={buttonClasses(tier.highlighted ? "primary" : "outline", "md", "mt-6")}>
                Book the {tier.name}
              </Link>
            </article>
          ))}
        </div>

        <h3 className="mt-16 text-center text-2xl font-bold">Add-on services</h3>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          {MARKETING_ADDONS.map((addon) => {
            const Icon = ADDON_ICONS[addon.id];
            return (
              <li key={addon.id} className="flex flex-col rounded-xl border border-slate-200 p-5">
                <Icon aria-hidden className="size-8 text-brand-600" />
                <h4 className="mt-3 font-semibold">{addon.name}</h4>
                <p className="mt-1 text-lg font-bold text-brand-700">{addonPrice(addon)}</p>
                <Link to="/book" className={buttonClasses("outline", "sm", "mt-4")} aria-label={`Book with ${addon.name}`}>
                  Add to my move
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
