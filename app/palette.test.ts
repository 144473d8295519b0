import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import colors from "tailwindcss/colors";
import { describe, expect, it } from "vitest";
import { contrastRatio, customProperties, over, parseColour, relativeLuminance, type Rgb } from "../tests/support/colour-contrast.ts";

// WCAG AA for every pairing of the palette the app shows: 4.5:1 for text, 3:1 for large text
// (24px, or 18.66px bold) and for what identifies a control or a graphic (icons, borders, focus rings).
const TEXT = 4.5;
const LARGE_OR_NON_TEXT = 3;

const theme = customProperties(readFileSync(path.join(import.meta.dirname, "app.css"), "utf8"));

/** A colour by its Tailwind name: "brand-700" (app.css), "slate-500" (Tailwind's palette), "white"; "/80" for 80 % opacity. */
function token(name: string): { colour: Rgb; alpha: number } {
  const [base, opacity] = name.split("/") as [string, string | undefined];
  const alpha = opacity ? Number(opacity) / 100 : 1;
  if (base === "white" || base === "black") return { colour: parseColour(base === "white" ? "#fff" : "#000"), alpha };
  const own = theme.get(`color-${base}`);
  if (own) return { colour: parseColour(own), alpha };
  const [family, step] = base.split("-") as [string, string];
  const shade = (colors as unknown as Record<string, Record<string, string> | undefined>)[family]?.[step];
  if (!shade) throw new Error(`no colour ${base} in app.css or Tailwind's palette`);
  return { colour: parseColour(shade), alpha };
}

/** What the eye sees: layers named bottom first, "brand-700 > white/10", each painted over the ones below. */
function seen(layers: string): Rgb {
  const [bottom, ...rest] = layers.split(">").map((layer) => token(layer.trim()));
  if (!bottom || bottom.alpha !== 1) throw new Error(`"${layers}" needs an opaque bottom layer`);
  return rest.reduce((below, layer) => over(layer.colour, layer.alpha, below), bottom.colour);
}

const PAIRINGS: Array<{ where: string; foreground: string; background: string; minimum: number }> = [
  { where: "links, prices, the 404 numeral on white", foreground: "brand-700", background: "white", minimum: TEXT },
  { where: "links on the light grey sections", foreground: "brand-700", background: "slate-50", minimum: TEXT },
  { where: "the header's name, active tab labels", foreground: "brand-900", background: "white", minimum: TEXT },
  {
    where: "primary buttons, active admin tab, avatars, the current wizard step, the hero's heading",
    foreground: "white",
    background: "brand-700",
    minimum: TEXT,
  },
  { where: "primary buttons hovered, the footer's heading", foreground: "white", background: "brand-900", minimum: TEXT },
  { where: "primary badges, the wizard's finished steps", foreground: "brand-900", background: "brand-100", minimum: TEXT },
  { where: "information notes (wizard, payment page)", foreground: "brand-900", background: "brand-50", minimum: TEXT },
  { where: "testimonial initials", foreground: "brand-800", background: "brand-100", minimum: TEXT },
  { where: "testimonial quotes", foreground: "slate-700", background: "white", minimum: TEXT },
  { where: "testimonial areas", foreground: "slate-500", background: "white", minimum: TEXT },
  { where: "footer text", foreground: "brand-100", background: "brand-900", minimum: TEXT },
  { where: "footer small print", foreground: "brand-100/80", background: "brand-900", minimum: TEXT },
  { where: "the hero's lead, top of the gradient", foreground: "brand-100", background: "brand-900", minimum: TEXT },
  { where: "the hero's lead, bottom of the gradient", foreground: "brand-100", background: "brand-700", minimum: TEXT },
  { where: "the hero's rating pill, Contact Us hovered", foreground: "white", background: "brand-700 > white/10", minimum: TEXT },
  { where: "Book Your Move", foreground: "slate-900", background: "accent-400", minimum: TEXT },
  { where: "Book Your Move hovered", foreground: "slate-900", background: "accent-500", minimum: TEXT },
  { where: "icons, chart bars, focus rings, selected and focused borders on white", foreground: "brand-600", background: "white", minimum: LARGE_OR_NON_TEXT },
  { where: "testimonial stars", foreground: "accent-600", background: "white", minimum: LARGE_OR_NON_TEXT },
  { where: "focus rings on the hero", foreground: "white", background: "brand-700", minimum: LARGE_OR_NON_TEXT },
  { where: "Contact Us's border on the hero", foreground: "white/70", background: "brand-700", minimum: LARGE_OR_NON_TEXT },
  { where: "Book Your Move against the hero, bottom of the gradient", foreground: "accent-400", background: "brand-700", minimum: LARGE_OR_NON_TEXT },
  { where: "the rating star in the hero's pill", foreground: "accent-400", background: "brand-900 > white/10", minimum: LARGE_OR_NON_TEXT },
];

/** Every source file of the app, for the colour names its class lists use. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [file] : [];
  });
}

describe("palette", () => {
  it.each(PAIRINGS)("$where: $foreground on $background reaches $minimum:1", ({ foreground, background, minimum }) => {
    const below = seen(background);
    const text = token(foreground);
    const ratio = contrastRatio(over(text.colour, text.alpha, below), below);
    expect(ratio, `${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
  });

  it("defines every brand and accent step the app's classes use", () => {
    const used = new Set(
      sourceFiles(import.meta.dirname).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\b(?:brand|accent)-\d{2,3}\b/g)].map((match) => match[0])),
    );
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !theme.has(`color-${name}`)).sort()).toEqual([]);
  });

  it("has eleven brand steps, each darker than the one before", () => {
    const steps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
    const luminances = steps.map((step) => relativeLuminance(token(`brand-${step}`).colour));
    for (let index = 1; index < steps.length; index++) {
      expect(luminances[index], `brand-${steps[index]} against brand-${steps[index - 1]}`).toBeLessThan(luminances[index - 1]!);
    }
  });
});
