import { addMonths, addYears, format, parseISO } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import { todayInAustralia } from '@tendly/domain/validation/compliance-documents';
import { multipartBody } from '../../test-support/multipart';
import { randomIp } from '../auth/test-factories';

/** A small real PDF (its bytes start with %PDF, which is how its type is found). */
export function pdfBytes(text = 'A scanned police check'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

export const today = () => todayInAustralia();
export const isoDate = (date: Date) => format(date, 'yyyy-MM-dd');
export const monthsFromToday = (months: number) => isoDate(addMonths(parseISO(today()), months));
export const yearsAfter = (day: string, years: number) => isoDate(addYears(parseISO(day), years));

/** A police check issued a month ago, valid for three years from then. */
export function policeCheckFields(overrides: Record<string, string> = {}): Record<string, string> {
  const issuedOn = monthsFromToday(-1);
  return { kind: 'POLICE_CHECK', number: 'NPC-123456', issuedOn, expiresOn: yearsAfter(issuedOn, 3), ...overrides };
}

export async function uploadDocument(
  app: FastifyInstance,
  token: string | undefined,
  fields: Record<string, string>,
  file: { bytes: Buffer; filename: string; contentType?: string } | null = { bytes: pdfBytes(), filename: 'police-check.pdf', contentType: 'application/pdf' },
) {
  const { payload, headers } = multipartBody(fields, file ?? undefined);
  return app.inject({
    method: 'POST',
    url: '/api/worker/documents',
    payload,
    headers: { ...headers, ...(token ? { 'auth-token': token } : {}) },
    remoteAddress: randomIp(),
  });
}
