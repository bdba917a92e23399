import { describe, expect, it } from 'vitest';
import { aliasSessionResponseSchema } from '@tendly/domain/api/auth';
import {
  clientComplianceSchema,
  complianceHistorySchema,
  complianceOverviewSchema,
  complianceSectionKeys,
  complianceSectionResponseSchema,
  type ComplianceSectionKey,
} from '@tendly/domain/compliance-details';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { sydneyMidnightEdges } from '@tendly/domain/testing/sydney-midnight';
import { fundingDetails } from '../../platform/db/schema/payments';
import { expectAccessiblePdf, namesInManyScripts, readPdf } from '../../test-support/pdf-reading';
import { useTestApp } from '../../test-support/test-app';
import { signedIn } from '../../test-support/signed-in-users';
import { createCoordinator, createUser, createWorker, linkClient, sessionFor } from '../auth/test-factories';
import { insertContract } from '../bookings/test-bookings';
import { savedLine } from './compliance-pdf';
import { CLIENT_COMPLIANCE_NOT_FOUND } from './compliance-service';

const { call, db } = useTestApp();

/** A valid form for every section. */
const validForms: Record<ComplianceSectionKey, Record<string, unknown>> = {
  serviceAgreement: {
    participantName: 'Margaret Smith', providerName: 'Sam Carer', startDate: '2026-01-01', endDate: '2026-12-31', supportsProvided: 'Personal care, 3 hours a week',
    costs: 'NDIS price limits, claimed by the NDIA', cancellationNotice: '7 days', endingNotice: '14 days', participantSigned: true, signedOn: '2026-01-01',
  },
  seekRelease: { participantName: 'Margaret Smith', sharedWith: ['Dr Lee, GP', ''], purpose: 'Coordinating care', informationTypes: 'Health and support needs', consentGiven: true, signedBy: 'Margaret Smith', signedOn: '2026-01-02' },
  emergencyDisasterPlan: { emergencyContactName: 'Tom Smith', emergencyContactPhone: '0412345678', evacuationPlan: 'Front door, wheelchair ramp', meetingPoint: 'Letterbox', continuityOfSupports: 'Tom visits daily' },
  ohsAssessment: { assessedOn: '2026-01-03', assessedBy: 'Sam Carer', address: '1 Main St, Sydney NSW 2000', clearAccess: true, smokeAlarmsWorking: true, petsSecured: false, smokeFreeDuringVisits: true },
  supportPlan: { participantName: 'Margaret Smith', goals: ['Cook twice a week'], dailyRoutine: 'Breakfast at 8', communication: 'Speaks clearly; hard of hearing on the left', behaviourSupportPlan: false, restrictivePractices: false },
  medicationIndemnity: { participantName: 'Margaret Smith', prescriberName: 'Dr Lee', assistanceLevel: 'Prompting only', selfAdministers: true, indemnityAgreed: true, signedBy: 'Margaret Smith', signedOn: '2026-01-04' },
  medicationAdministration: { medications: ['Metformin 500 mg, 8am'], packaging: 'Webster-pak', instructions: 'With breakfast', missedDose: 'Call the pharmacist', authorisedBy: 'Dr Lee', authorisedOn: '2026-01-04' },
  incidentReports: { entries: [{ occurredOn: '2026-02-01', location: 'Kitchen', description: 'A slip', actionTaken: 'First aid', reportableToCommission: false, reportedBy: 'Sam Carer' }] },
  checkIns: { entries: [{ checkInNumber: 1, checkInYear: 2026, heldOn: '2026-03-01', heldBy: 'Cora', howSupportsAreGoing: 'Well' }] },
  scheduleOfSupports: { planStartDate: '2026-01-01', planEndDate: '2026-12-31', supports: ['Self-care, 3 h a week, $70.23 an hour'], fundingManagement: 'The NDIA' },
};

/** Each section's form with one field broken, and the field and message expected. */
const brokenForms: Record<ComplianceSectionKey, [Record<string, unknown>, string, string]> = {
  serviceAgreement: [{ ...validForms.serviceAgreement, endDate: '2025-12-01' }, 'endDate', 'The end date must be after the start date'],
  seekRelease: [{ ...validForms.seekRelease, sharedWith: [] }, 'sharedWith', 'Add at least one line to people and organisations information may be shared with'],
  emergencyDisasterPlan: [{ ...validForms.emergencyDisasterPlan, meetingPoint: '  ' }, 'meetingPoint', 'Enter the meeting point'],
  ohsAssessment: [{ ...validForms.ohsAssessment, clearAccess: 'maybe' }, 'clearAccess', 'Answer yes or no: clear and safe access to the home'],
  supportPlan: [{ ...validForms.supportPlan, communication: 'Bell\u0007' }, 'communication', UNSAFE_TEXT_MESSAGE],
  medicationIndemnity: [{ ...validForms.medicationIndemnity, signedOn: '2026-02-30' }, 'signedOn', 'Enter a real date, such as 2026-03-27'],
  medicationAdministration: [{ ...validForms.medicationAdministration, authorisedBy: 'x'.repeat(201) }, 'authorisedBy', 'Authorised by (doctor or pharmacist) must be 200 characters or fewer'],
  incidentReports: [{ entries: [{ ...(validForms.incidentReports.entries as object[])[0], description: '' }] }, 'entries.0.description', 'Say what happened'],
  checkIns: [{ entries: [{ ...(validForms.checkIns.entries as object[])[0], checkInNumber: 0 }] }, 'entries.0.checkInNumber', 'Check-in number must be from 1 to 12'],
  scheduleOfSupports: [{ ...validForms.scheduleOfSupports, surprise: 1 }, '', 'Send the form’s fields only'],
};

async function careSeeker(name: { firstName: string; lastName: string } = { firstName: 'Margaret', lastName: 'Smith' }) {
  const user = await createUser(db(), name);
  return signedIn(db(), user);
}

function put(token: string, section: string, payload: unknown) {
  return call('PUT', `/api/compliance-details/${section}`, { token, payload });
}

describe('who may use compliance details', () => {
  it('asks a visitor to sign in (401) and refuses other roles (403)', async () => {
    const anonymous = await call('GET', '/api/compliance-details');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: PLEASE_LOGIN });
    expect((await call('PUT', '/api/compliance-details/supportPlan', { payload: validForms.supportPlan })).statusCode).toBe(401);
    for (const role of ['CR', 'SUPPORT', 'ADMIN'] as const) {
      const user = role === 'CR' ? await createWorker(db()) : await createUser(db(), { role });
      const token = await sessionFor(db(), user.id);
      const overview = await call('GET', '/api/compliance-details', { token });
      expect(overview.statusCode).toBe(403);
      expect(overview.json()).toMatchObject({ message: NOT_AUTHORIZED });
      expect((await put(token, 'supportPlan', validForms.supportPlan)).statusCode).toBe(403);
      expect((await call('GET', '/api/compliance-details/supportPlan/pdf', { token })).statusCode).toBe(403);
    }
    const { token } = await careSeeker();
    expect((await call('GET', `/api/contracts/${crypto.randomUUID()}/compliance-details`, { token })).statusCode).toBe(403);
  });
});

describe('saving each section', () => {
  it.each(complianceSectionKeys)('%s: saves a valid form and refuses a broken one with the field’s message', async (key) => {
    const { token } = await careSeeker();
    const [broken, field, message] = brokenForms[key];
    const refused = await put(token, key, broken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ [field]: message });

    const saved = await put(token, key, validForms[key]);
    expect(saved.statusCode).toBe(200);
    const section = complianceSectionResponseSchema.parse(saved.json());
    expect(section).toMatchObject({ key, version: 1, updatedByName: 'Margaret Smith', readOnly: false });
    expect(section.data).toBeTruthy();
  });

  it('refuses an unknown section (400)', async () => {
    const { token } = await careSeeker();
    const response = await put(token, 'taxReturn', {});
    expect(response.statusCode).toBe(400);
    expect((await call('GET', '/api/compliance-details/taxReturn', { token })).statusCode).toBe(400);
  });
});

describe('versions', () => {
  it('keeps every save as a version, newest first in the history, and serves the newest', async () => {
    const { token } = await careSeeker();
    await put(token, 'supportPlan', validForms.supportPlan);
    await put(token, 'supportPlan', { ...validForms.supportPlan, preferredName: 'Maggie' });
    const current = complianceSectionResponseSchema.parse((await call('GET', '/api/compliance-details/supportPlan', { token })).json());
    expect(current).toMatchObject({ version: 2, data: { preferredName: 'Maggie' } });
    const history = complianceHistorySchema.parse((await call('GET', '/api/compliance-details/supportPlan/history', { token })).json());
    expect(history.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(history.versions[1]!.data).toMatchObject({ preferredName: '' });
  });

  it('names the coordinator who saved for a client', async () => {
    const { user } = await careSeeker();
    const coordinator = await createCoordinator(db(), { firstName: 'Cora', lastName: 'Coordinator' });
    await linkClient(db(), coordinator.id, user.id);
    const coordinatorToken = await sessionFor(db(), coordinator.id);
    const alias = await call('POST', `/api/support-coordinator/clients/${user.id}/alias`, { token: coordinatorToken });
    const { aliasToken } = aliasSessionResponseSchema.parse(alias.json());
    const saved = await put(aliasToken, 'emergencyDisasterPlan', validForms.emergencyDisasterPlan);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ updatedByName: 'Cora Coordinator' });
  });
});

describe('check-ins and incident reports', () => {
  const checkIn = (number: number, year: number, howSupportsAreGoing: string) => ({ checkInNumber: number, checkInYear: year, heldOn: '2026-03-01', heldBy: 'Cora', howSupportsAreGoing });

  it('replaces the check-in with the same number and year, otherwise adds one (spec 4)', async () => {
    const { token } = await careSeeker();
    const add = (entry: unknown) => call('POST', '/api/compliance-details/checkIns/entries', { token, payload: entry });
    expect((await add(checkIn(1, 2026, 'Well'))).statusCode).toBe(200);
    await add(checkIn(2, 2026, 'Better'));
    await add(checkIn(1, 2025, 'Last year'));
    const replaced = complianceSectionResponseSchema.parse((await add(checkIn(1, 2026, 'Replaced'))).json());
    expect(replaced.version).toBe(4);
    expect((replaced.data!.entries as Record<string, unknown>[]).map((entry) => [entry.checkInYear, entry.checkInNumber, entry.howSupportsAreGoing])).toEqual([
      [2025, 1, 'Last year'],
      [2026, 1, 'Replaced'],
      [2026, 2, 'Better'],
    ]);
    const refused = await add({ ...checkIn(13, 2026, 'x') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ checkInNumber: 'Check-in number must be from 1 to 12' });
    const duplicate = await put(token, 'checkIns', { entries: [checkIn(1, 2026, 'a'), checkIn(1, 2026, 'b')] });
    expect(duplicate.json().errors).toMatchObject({ 'entries.1.checkInNumber': 'There is already a check-in with this number and year' });
  });

  it('adds incident reports to the front of the register; other sections have no entries', async () => {
    const { token } = await careSeeker();
    const report = (location: string) => ({ occurredOn: '2026-02-01', location, description: 'A slip', actionTaken: 'First aid', reportableToCommission: false, reportedBy: 'Sam' });
    await call('POST', '/api/compliance-details/incidentReports/entries', { token, payload: report('Kitchen') });
    const second = await call('POST', '/api/compliance-details/incidentReports/entries', { token, payload: report('Garden') });
    expect((second.json().data.entries as { location: string }[]).map((entry) => entry.location)).toEqual(['Garden', 'Kitchen']);
    expect((await call('POST', '/api/compliance-details/supportPlan/entries', { token, payload: {} })).statusCode).toBe(400);
  });
});

describe('GET /api/compliance-details (the overview)', () => {
  it('requires all ten sections for an agency-managed participant and shows which are complete', async () => {
    const { user, token } = await careSeeker();
    const worker = await createWorker(db());
    await insertContract(db(), user.id, worker.id, { fundingType: 'NDIS_AGENCY_MANAGED' });
    await put(token, 'supportPlan', { ...validForms.supportPlan, reviewOn: '2026-01-01' });
    const overview = complianceOverviewSchema.parse((await call('GET', '/api/compliance-details', { token })).json());
    expect(overview.fundingTypes).toEqual(['NDIS_AGENCY_MANAGED']);
    expect(overview.sections).toHaveLength(10);
    expect(overview.sections.every((section) => section.required)).toBe(true);
    const plan = overview.sections.find((section) => section.key === 'supportPlan')!;
    expect(plan).toMatchObject({ complete: true, version: 1, reviewDueOn: '2026-01-01', dueForReview: true });
    expect(overview.sections.filter((section) => section.complete)).toHaveLength(1);
  });

  it('requires fewer for a plan-managed participant (from the funding details) and none with no funding', async () => {
    const { user, token } = await careSeeker();
    const none = complianceOverviewSchema.parse((await call('GET', '/api/compliance-details', { token })).json());
    expect(none.sections.some((section) => section.required)).toBe(false);
    await db().insert(fundingDetails).values({ userId: user.id, ndisNumber: '430000000', planManagerName: 'Plan Co', planManagerEmail: 'plans@example.com' });
    const planManaged = complianceOverviewSchema.parse((await call('GET', '/api/compliance-details', { token })).json());
    expect(planManaged.fundingTypes).toEqual(['NDIS_PLAN_MANAGED']);
    expect(planManaged.sections.filter((section) => section.required).map((section) => section.key)).toEqual([
      'serviceAgreement', 'seekRelease', 'emergencyDisasterPlan', 'ohsAssessment', 'supportPlan', 'scheduleOfSupports',
    ]);
  });
});

describe('PDF download', () => {
  it('downloads a section as a PDF that holds its answers', async () => {
    const { token } = await careSeeker();
    await put(token, 'medicationAdministration', validForms.medicationAdministration);
    // A browser that accepts compressed responses: a PDF is compressed already, so it goes as it is, with its length.
    const response = await call('GET', '/api/compliance-details/medicationAdministration/pdf', { token, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="medication-administration.pdf"');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const text = response.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toContain('Medication administration');
  });

  it('prints a participant’s name and answers in Chinese, Vietnamese and Arabic as typed, tagged for screen readers', async () => {
    const { chinese, vietnamese, arabic } = namesInManyScripts;
    const { token } = await careSeeker(chinese);
    const form = { ...validForms.medicationAdministration, instructions: `${vietnamese.fullName} uống thuốc với bữa sáng`, authorisedBy: `Dr ${arabic.fullName}` };
    expect((await put(token, 'medicationAdministration', form)).statusCode).toBe(200);
    const response = await call('GET', '/api/compliance-details/medicationAdministration/pdf', { token });
    expect(response.statusCode).toBe(200);
    const reading = await readPdf(response.rawPayload);
    expectAccessiblePdf(reading, `Medication administration: ${chinese.fullName}`);
    expect(reading.text).toContain(`Participant: ${chinese.fullName}`);
    expect(reading.text).toContain(`${vietnamese.fullName} uống thuốc với bữa sáng`);
    // Arabic is drawn right to left; its text as typed is what a screen reader reads.
    expect(reading.actualTexts).toContain(arabic.fullName);
  });

  it.each(sydneyMidnightEdges)('says the day it was saved in Sydney, not in UTC (%s)', (_edge, { at, sydneyDate }) => {
    expect(savedLine({ version: 2, savedAt: at.toISOString(), savedByName: 'Helen Citizen' })).toBe(`Version 2, saved ${sydneyDate} by Helen Citizen`);
    expect(savedLine({ version: null, savedAt: null, savedByName: null })).toBe('Not filled in yet');
  });
});

describe('a worker reading a client’s sections', () => {
  it('lets a worker with an ACTIVE agreement read only the support plan, medication and emergency plan', async () => {
    const { user, token } = await careSeeker();
    for (const key of complianceSectionKeys) await put(token, key, validForms[key]);
    const worker = await createWorker(db());
    const workerToken = await sessionFor(db(), worker.id);
    const contractId = await insertContract(db(), user.id, worker.id);

    const list = clientComplianceSchema.parse((await call('GET', `/api/contracts/${contractId}/compliance-details`, { token: workerToken })).json());
    expect(list.sections.map((section) => section.key)).toEqual(['emergencyDisasterPlan', 'supportPlan', 'medicationIndemnity', 'medicationAdministration']);
    for (const key of complianceSectionKeys) {
      const response = await call('GET', `/api/contracts/${contractId}/compliance-details/${key}`, { token: workerToken });
      const readable = ['emergencyDisasterPlan', 'supportPlan', 'medicationIndemnity', 'medicationAdministration'].includes(key);
      expect(response.statusCode, key).toBe(readable ? 200 : 404);
      if (readable) expect(response.json()).toMatchObject({ key, readOnly: true, version: 1 });
    }
    const pdf = await call('GET', `/api/contracts/${contractId}/compliance-details/supportPlan/pdf`, { token: workerToken });
    expect(pdf.statusCode).toBe(200);
    expect((await call('GET', `/api/contracts/${contractId}/compliance-details/serviceAgreement/pdf`, { token: workerToken })).statusCode).toBe(404);
    // Workers never write, and never reach the care seeker's own routes.
    expect((await put(workerToken, 'supportPlan', validForms.supportPlan)).statusCode).toBe(403);
  });

  it('answers 404 to a worker whose agreement is not active, and to another worker', async () => {
    const { user, token } = await careSeeker();
    await put(token, 'supportPlan', validForms.supportPlan);
    const ended = await createWorker(db());
    const endedContract = await insertContract(db(), user.id, ended.id, { status: 'ENDED' });
    const offered = await createWorker(db());
    const offeredContract = await insertContract(db(), user.id, offered.id, { status: 'OFFERED' });
    const stranger = await createWorker(db());
    const activeContract = await insertContract(db(), user.id, (await createWorker(db())).id);

    const attempts: [string, string][] = [
      [await sessionFor(db(), ended.id), endedContract],
      [await sessionFor(db(), offered.id), offeredContract],
      [await sessionFor(db(), stranger.id), activeContract],
      [await sessionFor(db(), stranger.id), crypto.randomUUID()],
    ];
    for (const [workerToken, contractId] of attempts) {
      const response = await call('GET', `/api/contracts/${contractId}/compliance-details/supportPlan`, { token: workerToken });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: CLIENT_COMPLIANCE_NOT_FOUND });
      expect((await call('GET', `/api/contracts/${contractId}/compliance-details`, { token: workerToken })).statusCode).toBe(404);
    }
  });
});
