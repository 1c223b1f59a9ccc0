// The part of opentype.js 2.0 (a CommonJS bundle without types) that scripts/wordmarks.ts uses.
declare module 'opentype.js' {
  export interface BoundingBox {
    readonly x1: number;
    readonly y1: number;
    readonly x2: number;
    readonly y2: number;
  }

  export interface Path {
    getBoundingBox(): BoundingBox;
    toPathData(options?: {
      readonly decimalPlaces?: number;
      readonly optimize?: boolean;
      readonly flipY?: boolean;
    }): string;
  }

  export interface Glyph {
    readonly index: number;
    /** Outline at (x, y) with the y axis pointing down, scaled to fontSize. */
    getPath(x?: number, y?: number, fontSize?: number): Path;
  }

  export interface Font {
    readonly unitsPerEm: number;
    /** 0 (.notdef) when the font has no glyph for the character. */
    charToGlyphIndex(char: string): number;
    /** Lays out text (ligatures, kerning) and calls back per glyph; returns the end position. */
    forEachGlyph(
      text: string,
      x: number,
      y: number,
      fontSize: number,
      options: { readonly kerning?: boolean },
      callback: (glyph: Glyph, x: number, y: number, fontSize: number) => void,
    ): number;
    getPath(
      text: string,
      x: number,
      y: number,
      fontSize: number,
      options?: { readonly kerning?: boolean },
    ): Path;
  }

  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}
