// WCAG 2.x relative luminance and contrast ratio for hex colours ('#rgb' or '#rrggbb').

const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export type Rgb = readonly [red: number, green: number, blue: number];

/** Parses '#rgb' or '#rrggbb' (the '#' is optional) into 0–255 channels. */
export function parseHexColor(hex: string): Rgb {
  const match = HEX_COLOR.exec(hex.trim());
  const digits = match?.[1];
  if (digits === undefined) {
    throw new Error(`Invalid hex colour: ${hex}`);
  }
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  return [
    Number.parseInt(full.slice(0, 2), 16),
    Number.parseInt(full.slice(2, 4), 16),
    Number.parseInt(full.slice(4, 6), 16),
  ];
}

function linearChannel(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance between 0 (black) and 1 (white). */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = parseHexColor(hex);
  return 0.2126 * linearChannel(red) + 0.7152 * linearChannel(green) + 0.0722 * linearChannel(blue);
}

/** Contrast ratio between two colours, from 1 (same) to 21 (black on white); order-independent. */
export function contrastRatio(hexA: string, hexB: string): number {
  const luminanceA = relativeLuminance(hexA);
  const luminanceB = relativeLuminance(hexB);
  const lighter = Math.max(luminanceA, luminanceB);
  const darker = Math.min(luminanceA, luminanceB);
  return (lighter + 0.05) / (darker + 0.05);
}
