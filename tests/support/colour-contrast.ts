// WCAG 2 contrast of CSS colours: sRGB hex (#rgb, #rrggbb) and oklch(), as app.css and Tailwind's palette write them,
// and rgb(), as a browser reports a computed colour.

/** Red, green and blue from 0 to 1, in sRGB. */
export type Rgb = readonly [number, number, number];

function fromHex(hex: string): Rgb {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16) / 255) as unknown as Rgb;
}

const encode = (linear: number) => (linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055);
const decode = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);

/** oklch(L C H), L as a fraction or a percentage, to sRGB (clipped into the gamut, as browsers show it). */
function fromOklch(text: string): Rgb {
  const match = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)\s*\)$/.exec(text);
  if (!match) throw new Error(`not an oklch colour: ${text}`);
  const lightness = Number(match[1]) / (match[2] ? 100 : 1);
  const chroma = Number(match[3]);
  const hue = (Number(match[4]) * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return linear.map((channel) => Math.min(1, Math.max(0, encode(channel)))) as unknown as Rgb;
}

export function parseColour(text: string): Rgb {
  const value = text.trim();
  if (value.startsWith("#")) return fromHex(value);
  if (value.startsWith("oklch(")) return fromOklch(value);
  const rgb = /^rgb\(\s*(\d+),\s*(\d+),\s*(\d+)\s*\)$/.exec(value);
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((channel) => Number(channel) / 255) as unknown as Rgb;
  throw new Error(`unsupported colour: ${text}`);
}

/** `top` at `alpha` (0 to 1) painted over the opaque `bottom`. */
export function over(top: Rgb, alpha: number, bottom: Rgb): Rgb {
  return top.map((channel, index) => channel * alpha + bottom[index]! * (1 - alpha)) as unknown as Rgb;
}

export function relativeLuminance(colour: Rgb): number {
  const [red, green, blue] = colour.map(decode) as unknown as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio, from 1 to 21. */
export function contrastRatio(first: Rgb, second: Rgb): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The `--name: value;` declarations of a style sheet, by name (without the dashes). */
export function customProperties(css: string): Map<string, string> {
  return new Map([...css.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}
