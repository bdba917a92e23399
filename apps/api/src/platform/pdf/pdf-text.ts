import type bidiFactory from 'bidi-js';
import { pdfLibraries } from './load-pdf-libraries';
import { faceFor, primaryFace, type PdfFace, type PdfWeight } from './pdf-fonts';

/**
 * Text in any script in a PDF: each string is cut into runs by the font that has its glyphs (Latin
 * and Vietnamese, Arabic, Chinese; see pdf-fonts.ts), since PDFKit draws a run in one font.
 *
 * Text in one font goes to PDFKit as it is, which wraps and aligns it. Text in several fonts is laid
 * out here, line by line: PDFKit's `continued` option would chain the runs, but it aligns each run
 * on its own (a centred name comes out in pieces) and places each font's baseline by that font's
 * own height. Lines break where the Unicode line breaking algorithm allows (between words, and
 * between any two Chinese characters), and every run of a line sits on one baseline.
 *
 * Right to left: the Unicode bidirectional algorithm (bidi-js) gives each character its level in a
 * left-to-right paragraph; an Arabic stretch within it (its words, and the spaces and digits among
 * them) is drawn with its words in right-to-left order, and fontkit shapes each word and draws its
 * letters right to left. The stretch is ordered as a whole, before lines are broken: a stretch of
 * several words that wraps onto a second line keeps the order of the whole. Each such stretch is
 * tagged as a Span whose ActualText is the text as typed, so a screen reader reads it in logical
 * order whatever the drawing order.
 */

/** Text in one weight: a field's bold label, its value. */
export interface PdfSpan {
  readonly text: string;
  readonly weight: PdfWeight;
}

export interface PdfTextStyle {
  readonly size: number;
  readonly color: string;
}

export interface PdfTextLayout {
  /** Where the text starts; the document's position when left out. */
  readonly x?: number;
  readonly y?: number;
  /** The width to wrap in: to the right margin when left out. */
  readonly width?: number;
  readonly align?: 'left' | 'center' | 'right';
  readonly paragraphGap?: number;
}

/** The structure element the text belongs to and its tag, for the Span of a right-to-left stretch. */
export interface PdfTextStructure {
  readonly element: PDFKit.PDFStructureElement;
  readonly tag: string;
}

interface Run {
  readonly text: string;
  readonly face: PdfFace;
  readonly level: number;
}

/** Runs drawn one after the other: left-to-right text, or a right-to-left stretch (its runs in drawing order) with its text as typed. */
interface Stretch {
  readonly runs: readonly Run[];
  readonly typed: string;
  readonly isRightToLeft: boolean;
}

interface Piece {
  readonly run: Run;
  readonly stretch: Stretch;
  readonly text: string;
  readonly width: number;
}

interface Token {
  readonly pieces: readonly Piece[];
  readonly width: number;
  /** The width of the spaces it ends with, which do not count at the end of a line. */
  readonly trailingSpace: number;
}

type Line = readonly Token[];

let bidi: ReturnType<typeof bidiFactory> | null = null;
const rightToLeftLetters = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;

function useFace(doc: PDFKit.PDFDocument, face: PdfFace, size: number): PDFKit.PDFDocument {
  return doc.font(face.font, face.key, size);
}

/** A paragraph's runs in the order typed: a new run where the font or the direction changes, and, right to left, at each space. */
function runsOf(spans: readonly PdfSpan[]): Run[] {
  const text = spans.map((span) => span.text).join('');
  // Only text with letters of a right-to-left script has levels other than 0.
  const levels = rightToLeftLetters.test(text) ? (bidi ??= pdfLibraries().bidiFactory()).getEmbeddingLevels(text, 'ltr').levels : new Uint8Array(text.length);
  const runs: { text: string; face: PdfFace; level: number; isSpace: boolean }[] = [];
  let index = 0;
  for (const { text: spanText, weight } of spans) {
    for (const character of spanText) {
      const codePoint = character.codePointAt(0)!;
      const level = levels[index]!;
      index += character.length;
      const current = runs.at(-1);
      // A space, a mark or punctuation stays in the run's font when that font has it (a line break always does); a letter or a digit takes its own script's font.
      const keepsFace =
        current !== undefined && current.face.weight === weight && (/[\r\n]/.test(character) || (!/[\p{L}\p{N}]/u.test(character) && current.face.font.hasGlyphForCodePoint(codePoint)));
      const face = keepsFace ? current.face : (faceFor(codePoint, weight) ?? primaryFace(weight));
      const isSpace = /\s/u.test(character);
      // PDFKit lays out a run word by word (EmbeddedFont.layout), so a right-to-left run is one word or one space, and the words are ordered here.
      const splitsWord = level % 2 === 1 && current !== undefined && current.isSpace !== isSpace;
      if (current && current.face === face && current.level === level && !splitsWord) current.text += character;
      else runs.push({ text: character, face, level, isSpace });
    }
  }
  return runs;
}

/** The paragraph's runs grouped into stretches, each right-to-left stretch in drawing order (rule L2 of the bidirectional algorithm). */
function stretchesOf(runs: readonly Run[]): Stretch[] {
  const stretches: Stretch[] = [];
  let start = 0;
  while (start < runs.length) {
    const isRightToLeft = runs[start]!.level > 0;
    let end = start + 1;
    while (end < runs.length && runs[end]!.level > 0 === isRightToLeft) end += 1;
    const group = runs.slice(start, end);
    const typed = group.map((run) => run.text).join('');
    if (isRightToLeft) {
      const highest = Math.max(...group.map((run) => run.level));
      for (let level = highest; level >= 1; level -= 1) {
        for (let from = 0; from < group.length; ) {
          if (group[from]!.level < level) {
            from += 1;
            continue;
          }
          let to = from;
          while (to < group.length && group[to]!.level >= level) to += 1;
          group.splice(from, to - from, ...group.slice(from, to).reverse());
          from = to;
        }
      }
    }
    stretches.push({ runs: group, typed, isRightToLeft });
    start = end;
  }
  return stretches;
}

/** The paragraph's stretches in drawing order as words to fill lines with, where the line breaking algorithm allows a break. */
function tokensOf(doc: PDFKit.PDFDocument, stretches: readonly Stretch[], size: number): Token[] {
  const placed = stretches.flatMap((stretch) => stretch.runs.map((run) => ({ run, stretch })));
  const text = placed.map(({ run }) => run.text).join('');
  const breaker = new (pdfLibraries().LineBreaker)(text);
  const tokens: Token[] = [];
  let from = 0;
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    const to = next.position;
    const pieces: Piece[] = [];
    let offset = 0;
    for (const { run, stretch } of placed) {
      const start = Math.max(from, offset);
      const end = Math.min(to, offset + run.text.length);
      if (start < end) {
        const pieceText = text.slice(start, end);
        pieces.push({ run, stretch, text: pieceText, width: useFace(doc, run.face, size).widthOfString(pieceText) });
      }
      offset += run.text.length;
    }
    const last = pieces.at(-1);
    const spaces = last?.text.match(/\s+$/u)?.[0] ?? '';
    const trailingSpace = last && spaces ? useFace(doc, last.run.face, size).widthOfString(spaces) : 0;
    tokens.push({ pieces, width: pieces.reduce((sum, piece) => sum + piece.width, 0), trailingSpace });
    from = to;
  }
  return tokens;
}

/** Fills lines of the width with tokens; a token wider than a whole line gets a line of its own. */
function linesOf(tokens: readonly Token[], width: number): Line[] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let used = 0;
  for (const token of tokens) {
    if (line.length > 0 && used + token.width - token.trailingSpace > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    line.push(token);
    used += token.width;
  }
  lines.push(line);
  return lines;
}

/** Each paragraph (the text split at its line breaks) as spans. */
function paragraphsOf(spans: readonly PdfSpan[]): PdfSpan[][] {
  const paragraphs: PdfSpan[][] = [[]];
  for (const span of spans) {
    span.text.split(/\r?\n/).forEach((part, index) => {
      if (index > 0) paragraphs.push([]);
      if (part) paragraphs.at(-1)!.push({ text: part, weight: span.weight });
    });
  }
  return paragraphs;
}

/** The one face the text is drawn in, when it needs only one and reads left to right; otherwise null. */
function singleFace(spans: readonly PdfSpan[]): PdfFace | null {
  const runs = runsOf(spans.filter((span) => span.text !== ''));
  if (runs.length === 0) return primaryFace(spans[0]?.weight ?? 'regular');
  const face = runs[0]!.face;
  return runs.every((run) => run.face === face && run.level === 0) ? face : null;
}

/** A word wider than a whole line as one token a character, so that it breaks where the line ends, as PDFKit breaks it. */
function fitted(doc: PDFKit.PDFDocument, tokens: readonly Token[], size: number, width: number): Token[] {
  return tokens.flatMap((token) => {
    if (token.width - token.trailingSpace <= width) return [token];
    return token.pieces.flatMap((piece) =>
      Array.from(piece.text, (character) => {
        const characterWidth = useFace(doc, piece.run.face, size).widthOfString(character);
        return { pieces: [{ ...piece, text: character, width: characterWidth }], width: characterWidth, trailingSpace: /\s/u.test(character) ? characterWidth : 0 };
      }),
    );
  });
}

function linesOfText(doc: PDFKit.PDFDocument, spans: readonly PdfSpan[], size: number, width: number): Line[] {
  return paragraphsOf(spans).flatMap((paragraph) => linesOf(fitted(doc, tokensOf(doc, stretchesOf(runsOf(paragraph)), size), size, width), width));
}

/** The height of the primary face's line at the size, and where its baseline is below the line's top. */
function lineMetrics(doc: PDFKit.PDFDocument, weight: PdfWeight, size: number): { height: number; baseline: number } {
  const face = primaryFace(weight);
  return { height: useFace(doc, face, size).currentLineHeight(true), baseline: (face.font.ascent / face.font.unitsPerEm) * size };
}

/** The width to wrap in from x: to the right margin unless given. */
function wrapWidth(doc: PDFKit.PDFDocument, x: number, width: number | undefined): number {
  return width ?? doc.page.width - x - doc.page.margins.right;
}

/** Each letter and its accents as one character where Unicode has one (NFC), as the fonts' precomposed glyphs are. */
function composed(spans: readonly PdfSpan[]): PdfSpan[] {
  return spans.map((span) => ({ text: span.text.normalize('NFC'), weight: span.weight }));
}

/** How tall the text will be when written at the width: to keep a table row on one page. */
export function pdfTextHeight(doc: PDFKit.PDFDocument, typed: readonly PdfSpan[], style: PdfTextStyle, width: number): number {
  const spans = composed(typed);
  const face = singleFace(spans);
  const weight = spans[0]?.weight ?? 'regular';
  const height = face
    ? useFace(doc, face, style.size).heightOfString(spans.map((span) => span.text).join(''), { width })
    : linesOfText(doc, spans, style.size, width).length * lineMetrics(doc, weight, style.size).height;
  useFace(doc, primaryFace(weight), style.size);
  return height;
}

/**
 * Writes text made of spans (one weight each) in any script, wrapped at the width and aligned, from
 * the document's position or the one given, then moves below it as PDFKit's `text` does. The
 * document's font is then Noto Sans in the first span's weight, so that `moveDown` keeps its size.
 */
export function pdfWrite(doc: PDFKit.PDFDocument, typed: readonly PdfSpan[], style: PdfTextStyle, layout: PdfTextLayout = {}, structure?: PdfTextStructure): void {
  const spans = composed(typed);
  const weight = spans[0]?.weight ?? 'regular';
  const x = layout.x ?? doc.x;
  const width = wrapWidth(doc, x, layout.width);
  const face = singleFace(spans);
  doc.fillColor(style.color);
  if (face) {
    const options = { width, align: layout.align, paragraphGap: layout.paragraphGap };
    useFace(doc, face, style.size).text(spans.map((span) => span.text).join(''), x, layout.y ?? doc.y, options);
  } else {
    writeLines(doc, linesOfText(doc, spans, style.size, width), { x, y: layout.y ?? doc.y, width, weight, style, align: layout.align ?? 'left' }, structure);
    doc.x = x;
    doc.y += layout.paragraphGap ?? 0;
  }
  useFace(doc, primaryFace(weight), style.size);
}

interface LinePlacement {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly weight: PdfWeight;
  readonly style: PdfTextStyle;
  readonly align: 'left' | 'center' | 'right';
}

function writeLines(doc: PDFKit.PDFDocument, lines: readonly Line[], placement: LinePlacement, structure: PdfTextStructure | undefined): void {
  const { height, baseline } = lineMetrics(doc, placement.weight, placement.style.size);
  let top = placement.y;
  // The right-to-left stretch being drawn, as a Span of the element.
  const open: { stretch: Stretch | null; content: PDFKit.PDFStructureContent | null } = { stretch: null, content: null };
  const closeStretch = () => {
    if (!open.stretch || !open.content || !structure) return;
    structure.element.add(doc.struct('Span', { actual: open.stretch.typed }, [open.content]));
    structure.element.add(doc.markStructureContent(structure.tag));
    open.stretch = null;
    open.content = null;
  };
  for (const line of lines) {
    if (top + height > doc.page.maxY() && top > doc.page.margins.top) {
      doc.addPage();
      doc.fillColor(placement.style.color);
      top = doc.page.margins.top;
    }
    const lastToken = line.at(-1);
    const used = line.reduce((sum, token) => sum + token.width, 0) - (lastToken?.trailingSpace ?? 0);
    let left = placement.x + (placement.align === 'center' ? (placement.width - used) / 2 : placement.align === 'right' ? placement.width - used : 0);
    // Pieces of one run next to each other are drawn as one.
    const pieces = line.flatMap((token) => token.pieces);
    for (let index = 0; index < pieces.length; ) {
      const piece = pieces[index]!;
      let text = piece.text;
      let pieceWidth = piece.width;
      for (index += 1; index < pieces.length && pieces[index]!.run === piece.run; index += 1) {
        text += pieces[index]!.text;
        pieceWidth += pieces[index]!.width;
      }
      if (structure && open.stretch !== piece.stretch) {
        closeStretch();
        if (piece.stretch.isRightToLeft) {
          open.stretch = piece.stretch;
          open.content = doc.markStructureContent('Span');
        }
      }
      useFace(doc, piece.run.face, placement.style.size).text(text, left, top + baseline, { lineBreak: false, baseline: 'alphabetic' });
      left += pieceWidth;
    }
    top += height;
  }
  closeStretch();
  doc.y = top;
}
