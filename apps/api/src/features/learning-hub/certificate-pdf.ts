import { ACCENT, INK, MUTED, renderPdf } from '../../platform/pdf/pdf-document';

export interface CertificateContent {
  readonly brandName: string;
  readonly workerName: string;
  readonly moduleTitle: string;
  /** Already formatted, Australian style ("25 November 2026"). */
  readonly passedOn: string;
  readonly certificateId: string;
}

/**
 * A one-page completion certificate (issue 12), A4 landscape, in pdfkit's built-in Helvetica.
 * `compress: false` keeps the page's text readable in the file, so it can be checked by a test
 * and indexed by a search tool; a certificate is small either way.
 */
export function renderCertificatePdf(content: CertificateContent, createdAt: Date): Promise<Buffer> {
  const options = {
    layout: 'landscape' as const,
    info: {
      Title: `Certificate of completion: ${content.moduleTitle}`,
      Author: content.brandName,
      Subject: `${content.workerName} completed ${content.moduleTitle}`,
      CreationDate: createdAt,
    },
  };
  return renderPdf(options, (doc) => {
    const { width, height } = doc.page;
    doc.lineWidth(3).strokeColor(ACCENT).rect(28, 28, width - 56, height - 56).stroke();
    doc.lineWidth(1).rect(38, 38, width - 76, height - 76).stroke();

    const line = (text: string, size: number, options: { font?: string; gap?: number; color?: string } = {}) => {
      doc
        .font(options.font ?? 'Helvetica')
        .fontSize(size)
        .fillColor(options.color ?? INK)
        .text(text, { align: 'center' });
      doc.moveDown(options.gap ?? 0.6);
    };

    doc.y = 110;
    line(content.brandName, 18, { font: 'Helvetica-Bold', color: ACCENT, gap: 1.2 });
    line('Certificate of completion', 34, { font: 'Helvetica-Bold', gap: 1 });
    line('This certifies that', 14);
    line(content.workerName, 28, { font: 'Helvetica-Bold' });
    line('has completed the learning hub module', 14);
    line(content.moduleTitle, 22, { font: 'Helvetica-Bold' });
    line(`and passed its quiz on ${content.passedOn}.`, 14, { gap: 2.5 });
    line(`Certificate ID: ${content.certificateId}`, 10, { color: MUTED });
  });
}
