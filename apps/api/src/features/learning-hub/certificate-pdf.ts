import type { PdfWeight } from '../../platform/pdf/pdf-fonts';
import { ACCENT, INK, MUTED, pdfArtifact, pdfParagraph, renderPdf } from '../../platform/pdf/pdf-document';

export interface CertificateContent {
  readonly brandName: string;
  readonly workerName: string;
  readonly moduleTitle: string;
  /** Already formatted, Australian style ("25 November 2026"). */
  readonly passedOn: string;
  readonly certificateId: string;
}

/**
 * A one-page completion certificate (issue 12), A4 landscape, tagged, in Noto Sans (renderPdf), so
 * a worker's name in any script prints as typed. The certificate's name is its one heading (H1);
 * the double border is decoration.
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
    pdfArtifact(doc, () => {
      doc.lineWidth(3).strokeColor(ACCENT).rect(28, 28, width - 56, height - 56).stroke();
      doc.lineWidth(1).rect(38, 38, width - 76, height - 76).stroke();
    });

    const line = (text: string, size: number, options: { weight?: PdfWeight; gap?: number; color?: string; tag?: 'P' | 'H1' } = {}) => {
      pdfParagraph(doc, text, { size, weight: options.weight, color: options.color ?? INK, align: 'center' }, options.tag);
      doc.moveDown(options.gap ?? 0.6);
    };

    doc.y = 110;
    line(content.brandName, 18, { weight: 'bold', color: ACCENT, gap: 1.2 });
    line('Certificate of completion', 34, { weight: 'bold', gap: 1, tag: 'H1' });
    line('This certifies that', 14);
    line(content.workerName, 28, { weight: 'bold' });
    line('has completed the learning hub module', 14);
    line(content.moduleTitle, 22, { weight: 'bold' });
    line(`and passed its quiz on ${content.passedOn}.`, 14, { gap: 2.5 });
    line(`Certificate ID: ${content.certificateId}`, 10, { color: MUTED });
  });
}
