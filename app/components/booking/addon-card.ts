/**
 * The look of every add-on on the add-ons step, sold at one price or counted: one card each, its
 * border marked once the add-on is chosen (a box ticked, or a count above zero).
 */
export const ADDON_CARD_CLASSES =
  "rounded-xl border border-slate-300 bg-white p-4 transition-colors has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 data-[chosen=true]:border-brand-600 data-[chosen=true]:bg-brand-50";
