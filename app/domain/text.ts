/** NUL and the other C0/C1 control characters: never part of a name, an address or an email. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
/** The same, but line breaks are allowed (notes, instructions). */
const CONTROL_CHARACTERS_BUT_NEWLINES = /[^\P{Cc}\n\r]/u;

export const noControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
export const noControlCharactersButNewlines = (value: string) => !CONTROL_CHARACTERS_BUT_NEWLINES.test(value);

/** A deliberately simple email check: text, @, text, dot, text. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
