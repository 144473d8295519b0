const COUNT_WORDS = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve"];

/** A count as a sentence starts with it: up to twelve in words (6 → "Six"), beyond in figures. */
export function countInWords(count: number): string {
  return COUNT_WORDS[count] ?? String(count);
}
