import { complianceSectionRule, type ComplianceField, type ComplianceSectionKey } from '@tendly/domain/compliance-details';
import { instantToLocalDate } from '@tendly/domain/shift-time';
import { ACCENT, INK, MUTED, renderPdf } from '../../platform/pdf/pdf-document';

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
 * turn. Built-in Helvetica, A4, uncompressed so that tests and tools can read its text.
 */
export function renderCompliancePdf(content: CompliancePdfContent, createdAt: Date): Promise<Buffer> {
  const rule = complianceSectionRule(content.key);
  return renderPdf({ info: { Title: `${rule.label}: ${content.participantName}`, Author: content.brandName, CreationDate: createdAt } }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(18).fillColor(ACCENT).text(rule.label);
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${content.brandName} · Participant: ${content.participantName}`);
    doc.text(savedLine(content)).moveDown();

    const printFields = (data: Record<string, unknown>) => {
      for (const field of rule.fields) {
        doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(field.label);
        doc.font('Helvetica').fontSize(10).fillColor(INK).text(valueText(field, data[field.name])).moveDown(0.5);
      }
    };

    if (content.data) {
      if (rule.isList) {
        const entries = Array.isArray(content.data.entries) ? (content.data.entries as Record<string, unknown>[]) : [];
        if (entries.length === 0) doc.font('Helvetica').fontSize(10).fillColor(INK).text('No entries.');
        entries.forEach((entry, index) => {
          doc.font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(`Entry ${index + 1}`).moveDown(0.3);
          printFields(entry);
          doc.moveDown(0.5);
        });
      } else {
        printFields(content.data);
      }
    }
  });
}
