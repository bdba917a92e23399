import { pdfArtifact, pdfElement, pdfParentElement } from './pdf-document';
import { pdfTextHeight, pdfWrite } from './pdf-text';

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

const CELL_SIZE = 9;

/**
 * Draws a table row by row in a pdfkit document (invoices, remittances): the columns' titles
 * first, in bold, then each row as tall as its tallest cell, a new page when the row would not
 * fit, and a thin rule under it. Returns the function that draws one row; a bold row is a total.
 * Tagged as a Table of rows (TR), the titles as header cells (TH) and the rest as data cells (TD);
 * the rules are artifacts. Cells hold text in any script (a client's name as typed).
 */
export function pdfTable(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], style: PdfTableStyle): (cells: readonly string[], bold?: boolean) => void {
  const table = doc.struct('Table');
  pdfParentElement(doc).add(table);
  const row = pdfTableRows(doc, table, columns, style);
  row(
    columns.map((column) => column.title),
    true,
    'TH',
  );
  return (cells, bold) => row(cells, bold, 'TD');
}

function pdfTableRows(doc: PDFKit.PDFDocument, table: PDFKit.PDFStructureElement, columns: readonly PdfColumn[], style: PdfTableStyle) {
  return (cells: readonly string[], bold = false, cellTag: 'TH' | 'TD' = 'TD') => {
    const textStyle = { size: CELL_SIZE, color: style.ink };
    const spansOf = (cell: string) => [{ text: cell, weight: bold ? ('bold' as const) : ('regular' as const) }];
    const height = Math.max(...cells.map((cell, index) => pdfTextHeight(doc, spansOf(cell), textStyle, columns[index]!.width - 6)));
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    const tableRow = doc.struct('TR');
    table.add(tableRow);
    let x = style.left;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      pdfElement(doc, cellTag, (structure) => pdfWrite(doc, spansOf(cell), textStyle, { x, y: top, width: column.width - 6, align: column.align }, structure), tableRow);
      x += column.width;
    });
    tableRow.end();
    doc.x = style.left;
    doc.y = top + height + 5;
    pdfArtifact(doc, () => doc.moveTo(style.left, doc.y - 2).lineTo(style.left + style.width, doc.y - 2).strokeColor(style.rule).lineWidth(0.5).stroke());
  };
}
