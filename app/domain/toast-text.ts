import type { Toast } from "./toast";

// Apart from the toast's schema: the page frame shows toasts on every page and needs no validator for it.

/** A title as the first sentence of a longer message: a full stop is added unless it ends a sentence already. */
export function titleAsSentence(title: string): string {
  return /[.!?…]$/.test(title.trim()) ? title : `${title}.`;
}

/** A toast's title and description read as one text, each a sentence of its own. */
export function toastText({ title, description }: Pick<Toast, "title" | "description">): string {
  return description ? `${titleAsSentence(title)} ${description}` : title;
}
