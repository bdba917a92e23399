import type bidiFactory from 'bidi-js';
import type * as Fontkit from 'fontkit';
import type LineBreaker from 'linebreak';
import type PDFDocument from 'pdfkit';
import { loadOnce } from '../load-once';

/**
 * The libraries our PDFs are drawn with: PDFKit, fontkit, and the Unicode line breaking and
 * bidirectional algorithms. They load on the first PDF a process draws rather than at start:
 * together about 26 MB resident, for what few requests ask for (issue 33: the default embedded
 * start's memory budget).
 */
export interface PdfLibraries {
  readonly PDFDocument: typeof PDFDocument;
  readonly fontkit: typeof Fontkit;
  readonly LineBreaker: typeof LineBreaker;
  readonly bidiFactory: typeof bidiFactory;
}

let loaded: PdfLibraries | undefined;

/** Loads the libraries once per process; a failed load is tried again by the next PDF. */
export const loadPdfLibraries: () => Promise<PdfLibraries> = loadOnce(async () => {
  const [pdfkit, fontkit, linebreak, bidi] = await Promise.all([import('pdfkit'), import('fontkit'), import('linebreak'), import('bidi-js')]);
  loaded = { PDFDocument: pdfkit.default, fontkit, LineBreaker: linebreak.default, bidiFactory: bidi.default };
  return loaded;
});

/**
 * The libraries, for the drawing helpers, which run synchronously inside `renderPdf` once it has
 * awaited `loadPdfLibraries`.
 */
export function pdfLibraries(): PdfLibraries {
  if (!loaded) throw new Error('A PDF is drawn before its libraries were loaded: draw inside renderPdf');
  return loaded;
}
