import { loadPdfLibraries } from './load-pdf-libraries';
import { primaryFace, type PdfWeight } from './pdf-fonts';
import { pdfWrite, type PdfSpan, type PdfTextLayout, type PdfTextStructure } from './pdf-text';

/** The colours every PDF of ours is drawn in: body text, quieter text, headings and table rules. */
export const INK = '#1f2933';
export const MUTED = '#52606d';
export const ACCENT = '#1c5d6b';
export const RULE = '#9aa5b1';

/** The language every PDF of ours is written in, for screen readers and search. */
export const PDF_LANGUAGE = 'en-AU';

/** A PDF's options: its info must have a title, which the reader's window shows. */
export type PdfOptions = PDFKit.PDFDocumentOptions & { info: PDFKit.DocumentInfo & { Title: string } };

/** The structure element every heading, paragraph and table of a document goes into. */
const documentElements = new WeakMap<PDFKit.PDFDocument, PDFKit.PDFStructureElement>();

/**
 * Draws a PDF and answers its bytes (invoices, remittances, agreements, shift notes, certificates,
 * compliance records). A4 with 56-point margins, text in the Noto Sans fonts (pdf-fonts.ts), and
 * tagged for screen readers (PDF 1.7, PDF/UA's rules as far as PDFKit goes): the language en-AU,
 * the title shown in the window's title bar, and a structure tree under one Document element that
 * the helpers below fill (headings, paragraphs, tables; rules and borders are artifacts). `options`
 * add the document's info or change the layout. `draw` fills the document; it is ended here.
 */
export async function renderPdf(options: PdfOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLibraries();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, pdfVersion: '1.7', tagged: true, lang: PDF_LANGUAGE, displayTitle: true, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const root = doc.struct('Document');
    doc.addStructure(root);
    documentElements.set(doc, root);
    doc.font(primaryFace('regular').font, primaryFace('regular').key);
    draw(doc);
    root.end();
    doc.end();
  });
}

/**
 * Adds a structure element (a heading, a paragraph, a table cell) under `parent` (the document's
 * element unless given) and marks what `draw` draws as its content.
 */
export function pdfElement(doc: PDFKit.PDFDocument, tag: string, draw: (structure: PdfTextStructure) => void, parent?: PDFKit.PDFStructureElement): void {
  const element = doc.struct(tag);
  pdfParentElement(doc, parent).add(element);
  element.add(doc.markStructureContent(tag));
  draw({ element, tag });
  doc.endMarkedContent();
  element.end();
}

/** The element to add to: the one given, or the document's. */
export function pdfParentElement(doc: PDFKit.PDFDocument, parent?: PDFKit.PDFStructureElement): PDFKit.PDFStructureElement {
  const element = parent ?? documentElements.get(doc);
  if (!element) throw new Error('A PDF element is drawn outside renderPdf');
  return element;
}

/** Draws what only decorates the page (a rule, a border), marked so that screen readers skip it. */
export function pdfArtifact(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/** The left edge and the width between the margins, where text and tables go. */
export function pdfTextArea(doc: PDFKit.PDFDocument): { left: number; width: number } {
  return { left: doc.page.margins.left, width: doc.page.width - doc.page.margins.left - doc.page.margins.right };
}

export interface PdfParagraphStyle extends PdfTextLayout {
  readonly size: number;
  readonly weight?: PdfWeight;
  /** INK unless given. */
  readonly color?: string;
}

/**
 * Writes text in any script (Chinese, Vietnamese, Arabic names come out as typed) as a paragraph,
 * or as a heading with `tag`, from the document's position or the one in `style`.
 */
export function pdfParagraph(doc: PDFKit.PDFDocument, text: string | readonly PdfSpan[], style: PdfParagraphStyle, tag: 'P' | 'H1' | 'H2' = 'P'): void {
  const spans = typeof text === 'string' ? [{ text, weight: style.weight ?? 'regular' }] : text;
  pdfElement(doc, tag, (structure) => pdfWrite(doc, spans, { size: style.size, color: style.color ?? INK }, style, structure));
}

/** The document's title, large and bold: its one H1. */
export function pdfTitle(doc: PDFKit.PDFDocument, text: string): void {
  pdfParagraph(doc, text, { size: 22, weight: 'bold' }, 'H1');
}

/** A section's heading: bold, in the accent colour, with space above it. */
export function pdfHeading(doc: PDFKit.PDFDocument, text: string, size = 12): void {
  doc.moveDown(0.8);
  pdfParagraph(doc, text, { size, weight: 'bold', color: ACCENT, x: pdfTextArea(doc).left }, 'H2');
  doc.moveDown(0.2);
}

/** Writes "Label: value" as a paragraph, the label bold, from the left edge. */
export function pdfField(doc: PDFKit.PDFDocument, label: string, value: string): void {
  pdfParagraph(doc, [{ text: `${label}: `, weight: 'bold' }, { text: value, weight: 'regular' }], { size: 10, x: pdfTextArea(doc).left });
}
