import PDFDocument from 'pdfkit';

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
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 56,
      compress: false,
      info: {
        Title: `Certificate of completion: ${content.moduleTitle}`,
        Author: content.brandName,
        Subject: `${content.workerName} completed ${content.moduleTitle}`,
        CreationDate: createdAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const { width, height } = doc.page;
    doc.lineWidth(3).strokeColor('#1c5d6b').rect(28, 28, width - 56, height - 56).stroke();
    doc.lineWidth(1).rect(38, 38, width - 76, height - 76).stroke();

    const line = (text: string, size: number, options: { font?: string; gap?: number; color?: string } = {}) => {
      doc
        .font(options.font ?? 'Helvetica')
        .fontSize(size)
        .fillColor(options.color ?? '#1f2933')
        .text(text, { align: 'center' });
      doc.moveDown(options.gap ?? 0.6);
    };

    doc.y = 110;
    line(content.brandName, 18, { font: 'Helvetica-Bold', color: '#1c5d6b', gap: 1.2 });
    line('Certificate of completion', 34, { font: 'Helvetica-Bold', gap: 1 });
    line('This certifies that', 14);
    line(content.workerName, 28, { font: 'Helvetica-Bold' });
    line('has completed the learning hub module', 14);
    line(content.moduleTitle, 22, { font: 'Helvetica-Bold' });
    line(`and passed its quiz on ${content.passedOn}.`, 14, { gap: 2.5 });
    line(`Certificate ID: ${content.certificateId}`, 10, { color: '#52606d' });
    doc.end();
  });
}
