import PDFDocument from 'pdfkit';

/** The colours every PDF of ours is drawn in: body text, quieter text, headings and table rules. */
export const INK = '#1f2933';
export const MUTED = '#52606d';
export const ACCENT = '#1c5d6b';
export const RULE = '#9aa5b1';

/**
 * Draws a PDF and answers its bytes (invoices, remittances, agreements, shift notes, certificates).
 * A4 with 56-point margins in built-in Helvetica, uncompressed so tests can read its text; `options`
 * add the document's info (title, author) or change the layout. `draw` fills the document; the
 * document is ended here.
 */
export function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** The left edge and the width between the margins, where text and tables go. */
export function pdfTextArea(doc: PDFKit.PDFDocument): { left: number; width: number } {
  return { left: doc.page.margins.left, width: doc.page.width - doc.page.margins.left - doc.page.margins.right };
}

/** A section's heading: bold, in the accent colour, with space above it. */
export function pdfHeading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(text, pdfTextArea(doc).left);
  doc.moveDown(0.2);
}

/** Writes "Label: value" on one line, the label bold, from the left edge. */
export function pdfField(doc: PDFKit.PDFDocument, label: string, value: string): void {
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(`${label}: `, pdfTextArea(doc).left, undefined, { continued: true });
  doc.font('Helvetica').text(value);
}
