const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50";

// The focus ring stands out from the page behind the button: brand blue on light pages, white on the blue hero.
const onLight = "focus-visible:outline-brand-600";
const onDark = "focus-visible:outline-white";

const variants = {
  primary: `bg-brand-700 text-white hover:bg-brand-900 ${onLight}`,
  accent: `bg-accent-400 text-slate-900 hover:bg-accent-500 ${onDark}`,
  outline: `border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 ${onLight}`,
  outlineOnDark: `border border-white/70 text-white hover:bg-white/10 ${onDark}`,
  ghost: `text-slate-700 hover:bg-slate-100 ${onLight}`,
} as const;

const sizes = {
  // The office's dense tables: still a 32px target.
  xs: "h-8 px-2 text-xs",
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-base",
  lg: "h-12 px-6 text-lg",
} as const;

/**
 * Class names for anything that should look like a button: <button>, <Link> or <a>. Buttons have a
 * fixed height, so a label never wraps: a second line would spill out of the box.
 */
export function buttonClasses(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md", extra = "") {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
