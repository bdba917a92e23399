/** A column of a table drawn in a PDF: its heading, width in points and alignment. */
export interface PdfColumn {
  readonly title: string;
  readonly width: number;
  readonly align: 'left' | 'right';
}

export interface PdfTableStyle {
  /** The left edge and the whole width of the table, in points. */
  readonly left: number;
  readonly width: number;
  /** Text and rule colours. */
  readonly ink: string;
  readonly rule: string;
}

/**
 * Draws a table row by row in a pdfkit document (invoices, remittances): the columns' titles
 * first, in bold, then each row as tall as its tallest cell, a new page when the row would not
 * fit, and a thin rule under it. Returns the function that draws one row; a bold row is a total.
 */
export function pdfTable(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], style: PdfTableStyle): (cells: readonly string[], bold?: boolean) => void {
  const row = pdfTableRows(doc, columns, style);
  row(columns.map((column) => column.title), true);
  return row;
}

function pdfTableRows(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], style: PdfTableStyle): (cells: readonly string[], bold?: boolean) => void {
  return (cells, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(style.ink);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width - 6 })));
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    let x = style.left;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, x, top, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    doc.x = style.left;
    doc.y = top + height + 5;
    doc.moveTo(style.left, doc.y - 2).lineTo(style.left + style.width, doc.y - 2).strokeColor(style.rule).lineWidth(0.5).stroke();
  };
}
