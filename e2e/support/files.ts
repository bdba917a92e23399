import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** Files a person would pick in the browser's file chooser, written to a folder of their own. */
export async function fixtureFolder(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'tendly-e2e-files-'));
}

/** A phone photo: a landscape JPEG carrying EXIF with the camera and a GPS position. */
export async function phonePhoto(folder: string, name = 'photo.jpg'): Promise<string> {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 70, g: 140, b: 130 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Camera 1' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1' } })
    .toBuffer();
  const file = path.join(folder, name);
  await writeFile(file, bytes);
  return file;
}

/** A small, valid one-page PDF, as a scanner would save a clearance letter. */
export async function scannedPdf(folder: string, name: string, text: string): Promise<string> {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(folder, name);
  await writeFile(file, pdf, 'latin1');
  return file;
}
