// Types that the libraries the PDFs are drawn with do not ship.

declare namespace PDFKit.Mixins {
  interface PDFFont {
    /** PDFKit (0.20, PDFFontFactory.open) also takes a font that fontkit has parsed, so one parse serves every document. */
    font(src: import('fontkit').Font, family: string, size?: number): this;
  }
}

declare module 'linebreak' {
  /** A place where a line may (or, after a line break character, must) end. */
  interface Break {
    readonly position: number;
    readonly required: boolean;
  }
  /** The Unicode line breaking algorithm (UAX #14): the break opportunities in a text, in order. */
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
