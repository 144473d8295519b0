const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-900",
  accent: "bg-accent-400 text-slate-900 hover:bg-accent-500",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100",
  outlineOnDark: "border border-white/70 text-white hover:bg-white/10",
  ghost: "text-slate-700 hover:bg-slate-100",
} as const;

const sizes = {
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
