import { complianceSectionRule, type ComplianceField, type ComplianceSectionKey } from '@tendly/domain/compliance-details';
import { instantToLocalDate } from '@tendly/domain/shift-time';
import { ACCENT, MUTED, pdfParagraph, renderPdf } from '../../platform/pdf/pdf-document';

export interface CompliancePdfContent {
  brandName: string;
  participantName: string;
  key: ComplianceSectionKey;
  version: number | null;
  savedAt: string | null;
  savedByName: string | null;
  data: Record<string, unknown> | null;
}

/**
 * "Version 2, saved 2026-12-07 by Helen Citizen": the day is the date in Sydney of the instant it
 * was saved (its first ten characters are the date in UTC, a day early until 11 am there).
 */
export function savedLine(content: Pick<CompliancePdfContent, 'version' | 'savedAt' | 'savedByName'>): string {
  if (!content.savedAt) return 'Not filled in yet';
  const day = instantToLocalDate(new Date(content.savedAt), 'Australia/Sydney');
  return `Version ${content.version ?? ''}, saved ${day}${content.savedByName ? ` by ${content.savedByName}` : ''}`;
}

function valueText(field: ComplianceField, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Not given';
  if (field.kind === 'yesNo') return value === true ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? 'Not given' : value.map((item) => `• ${String(item)}`).join('\n');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return 'Not given';
}

/**
 * One compliance section as a PDF (issue 16): its title, the participant, which version and when it
 * was saved and by whom, then each field's label and answer; a list section prints each entry in
 * turn. A4, tagged, in Noto Sans (renderPdf), so names and answers in any script print as typed.
 */
export function renderCompliancePdf(content: CompliancePdfContent, createdAt: Date): Promise<Buffer> {
  const rule = complianceSectionRule(content.key);
  return renderPdf({ info: { Title: `${rule.label}: ${content.participantName}`, Author: content.brandName, CreationDate: createdAt } }, (doc) => {
    pdfParagraph(doc, rule.label, { size: 18, weight: 'bold', color: ACCENT }, 'H1');
    pdfParagraph(doc, `${content.brandName} · Participant: ${content.participantName}`, { size: 10, color: MUTED });
    pdfParagraph(doc, savedLine(content), { size: 10, color: MUTED });
    doc.moveDown();

    const printFields = (data: Record<string, unknown>) => {
      for (const field of rule.fields) {
        pdfParagraph(doc, field.label, { size: 10, weight: 'bold' });
        pdfParagraph(doc, valueText(field, data[field.name]), { size: 10 });
        doc.moveDown(0.5);
      }
    };

    if (content.data) {
      if (rule.isList) {
        const entries = Array.isArray(content.data.entries) ? (content.data.entries as Record<string, unknown>[]) : [];
        if (entries.length === 0) pdfParagraph(doc, 'No entries.', { size: 10 });
        entries.forEach((entry, index) => {
          pdfParagraph(doc, `Entry ${index + 1}`, { size: 12, weight: 'bold', color: ACCENT }, 'H2');
          doc.moveDown(0.3);
          printFields(entry);
          doc.moveDown(0.5);
        });
      } else {
        printFields(content.data);
      }
    }
  });
}
