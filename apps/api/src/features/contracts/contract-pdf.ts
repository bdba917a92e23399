import { contractStatusLabels, NDIS_SHORTFALL_BILLABLE_LABEL, NDIS_SHORTFALL_NOT_BILLABLE_TEXT, type Contract } from '@tendly/domain/api/contracts';
import { contractRateRows } from '@tendly/domain/contract-rates';
import { formatCents, fullName } from '@tendly/domain/format';
import { payingForCareTypes } from '@tendly/domain/job-options';
import { ndisLineItems, ndisTimeBands, supportLevels } from '@tendly/domain/ndis-line-items';
import { instantToLocal, formatLocalDateTime } from '@tendly/domain/shift-time';
import { taskLabel } from '@tendly/domain/tasks';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { timeZoneOf } from './contracts-service';
import { ACCENT, MUTED, pdfField, pdfHeading, pdfParagraph, pdfTitle, renderPdf } from '../../platform/pdf/pdf-document';

export interface AgreementPdfContent {
  brandName: string;
  contract: Contract;
  workerAbn: string | null;
  signedIp: string | null;
}

const labelOf = <T extends string>(options: readonly { code: T; label: string }[], code: T) => options.find((option) => option.code === code)?.label ?? code;

/**
 * The service agreement as a PDF (issue 13): both parties, the client, the terms, the rates and
 * NDIS items, the policies, emergency contacts and the signature record. A4, tagged, in Noto Sans
 * (renderPdf), so names in any script print as typed.
 */
export function renderAgreementPdf(content: AgreementPdfContent, createdAt: Date): Promise<Buffer> {
  const { contract } = content;
  const info = { Title: 'Service agreement', Author: content.brandName, Subject: `Service agreement for ${contract.clientName}`, CreationDate: createdAt };
  return renderPdf({ info }, (doc) => {
    const heading = (text: string) => pdfHeading(doc, text, 13);
    const para = (text: string) => pdfParagraph(doc, text, { size: 10, paragraphGap: 4 });
    const field = (label: string, value: string) => pdfField(doc, label, value);

    pdfParagraph(doc, content.brandName, { size: 11, weight: 'bold', color: ACCENT });
    pdfTitle(doc, 'Service agreement');
    pdfParagraph(doc, `Agreement ${contract.id}`, { size: 9, color: MUTED });

    heading('The parties');
    field('Care seeker', fullName(contract.careSeeker));
    field('Worker', fullName(contract.worker));
    field('Worker ABN', content.workerAbn ?? 'Not on file');
    field('Person receiving support (the client)', contract.clientName);
    field('Client state', contract.clientState);

    heading('Status and dates');
    field('Status', contractStatusLabels[contract.status]);
    field('Start date', formatLongDate(contract.startDate));
    field('End date', contract.endDate ? formatLongDate(contract.endDate) : 'None: runs until either party ends it');
    if (contract.jobTitle) field('Job', contract.jobTitle);
    field('Funding', labelOf(payingForCareTypes, contract.fundingType));
    if (contract.terminationNoticeDate) field('Last day (notice given)', formatLongDate(contract.terminationNoticeDate));
    if (contract.terminationReason) field('Reason for ending', contract.terminationReason);

    heading('Supports');
    para(contract.supportRequired.map((code) => taskLabel(code)).join(', '));
    if (contract.supportDetails) para(contract.supportDetails);

    heading('Rates');
    for (const [label, value] of contractRateRows(contract)) field(label, value);

    if (contract.ndisRates.length > 0) {
      heading('NDIS support items');
      for (const rate of contract.ndisRates) {
        const line = labelOf(ndisLineItems, rate.lineItem);
        const band = labelOf(ndisTimeBands, rate.timeOfDay);
        const level = supportLevels.find((option) => option.code === rate.level)?.label ?? rate.level;
        const limit = rate.priceLimit === null ? 'no limit set' : `limit ${formatCents(rate.priceLimit)}`;
        para(`${rate.supportItemNumber} ${rate.supportItemName}. ${line}, ${band}, ${level}: ${formatCents(rate.amount)} (${limit})`);
      }
    }

    heading('Cancellation policy');
    para(contract.cancellationPolicy);
    para(`A short-notice cancellation is charged at ${contract.cancellationChargePercent}% of the booked shift.`);
    if (contract.fundingType === 'NDIS_AGENCY_MANAGED') {
      heading('What the NDIA does not pay');
      para(contract.ndisShortfallBillable ? `${NDIS_SHORTFALL_BILLABLE_LABEL}.` : NDIS_SHORTFALL_NOT_BILLABLE_TEXT);
    }
    heading('Termination policy');
    para(contract.terminationPolicy);

    heading('Emergency contacts');
    for (const contact of contract.emergencyContacts) para(`${contact.nameOfContact} (${contact.relationshipToCareseeker}): ${contact.phoneNumber}`);

    if (contract.note) {
      heading('Note to the worker');
      para(contract.note);
    }

    heading('Signature');
    if (contract.signedName && contract.signedAt) {
      const local = instantToLocal(new Date(contract.signedAt), timeZoneOf(contract.clientState));
      field('Signed by', contract.signedName);
      field('Signed at', `${formatLocalDateTime(local)} (${timeZoneOf(contract.clientState)})`);
      field('From address', content.signedIp ?? 'Not recorded');
    } else {
      para('Not yet signed');
    }
  });
}
