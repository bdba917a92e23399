import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fullName } from '@tendly/domain/format';
import {
  clientComplianceSchema,
  complianceHistorySchema,
  complianceOverviewSchema,
  complianceSectionKeySchema,
  complianceSectionResponseSchema,
  workerReadableSections,
  type ComplianceSectionKey,
  type ComplianceSectionResponse,
} from '@tendly/domain/compliance-details';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { actingPersonId, requireAuth, type RequestAuth } from '../../platform/auth/authenticate';
import { AppError } from '../../platform/errors';
import { sendDownload } from '../../platform/http/download-reply';
import { PDF_DOWNLOAD_DESCRIPTION } from '../../platform/http/file-replies';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import { checkLimit } from '../../platform/rate-limit/rate-limiter';
import { addComplianceEntry, assertWorkerReadable, clientOfActiveContract, complianceHistory, complianceOverview, complianceSection, saveComplianceSection } from './compliance-service';
import { renderCompliancePdf } from './compliance-pdf';

/** Saves are limited per person really saving (a coordinator acting counts as themselves). */
export const COMPLIANCE_SAVES_PER_MINUTE = 30;

async function limitSaving(store: RateLimitStore, auth: RequestAuth, reply: { header(name: string, value: string): unknown }): Promise<void> {
  const decision = await checkLimit(store, { key: `compliance:user:${actingPersonId(auth)}`, limit: COMPLIANCE_SAVES_PER_MINUTE, windowMs: 60_000 });
  if (decision.allowed) return;
  reply.header('retry-after', String(decision.retryAfterSeconds));
  throw new AppError(429, `You have saved ${COMPLIANCE_SAVES_PER_MINUTE} times in the last minute. Please wait ${decision.retryAfterSeconds} seconds before saving again.`, { code: 'RATE_LIMITED' });
}

const sectionParams = z.object({ section: complianceSectionKeySchema });
const contractParams = z.object({ id: z.uuid({ error: 'Choose one of your agreements' }) });
const contractSectionParams = contractParams.extend({ section: complianceSectionKeySchema });
const entryParams = z.object({ section: z.enum(['checkIns', 'incidentReports'], { error: 'Only check-ins and incident reports have entries' }) });
const anyBody = z.record(z.string(), z.unknown(), { error: 'Send the form as a JSON object' });

function pdfName(key: ComplianceSectionKey): string {
  return `${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.pdf`;
}

/**
 * Compliance details (issue 16): the care seeker's ten compliance sections (or their client's, for
 * a coordinator acting for them), each saved as a new version; and, for a worker with an ACTIVE
 * agreement, the client's support plan, medication forms and emergency plan to read.
 */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['compliance'];
  const route = signedInRoutes(app, { tags });
  /** What both ways of saving take and answer: a form that its section's own rules check, and the section as saved. */
  const saving = { body: anyBody, response: { 200: complianceSectionResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema } };
  const limitSavingPerPerson = async (request: FastifyRequest, reply: FastifyReply) => limitSaving(app.rateLimitStore, requireAuth(request), reply);

  /** A section's newest version as a PDF attachment, named after the section. */
  async function sendSectionPdf(reply: FastifyReply, participantName: string, section: ComplianceSectionResponse) {
    const pdf = await renderCompliancePdf(
      { brandName: app.config.BRAND_NAME, participantName, key: section.key, version: section.version, savedAt: section.updatedAt, savedByName: section.updatedByName, data: section.data },
      new Date(),
    );
    return sendDownload(reply, { bytes: pdf, fileName: pdfName(section.key) }, 'application/pdf');
  }

  route.get(
    '/compliance-details',
    apiAccess.complianceDetails,
    { summary: 'Each section: complete or not, required or not, when it is due for review, last saved', response: { 200: complianceOverviewSchema } },
    (auth) => complianceOverview(db, auth.user.id),
  );

  route.get(
    '/compliance-details/:section',
    apiAccess.complianceDetails,
    { summary: 'A section’s newest version', params: sectionParams, response: { 200: complianceSectionResponseSchema, 400: apiErrorSchema } },
    (auth, request) => complianceSection(db, auth.user.id, request.params.section, false),
  );

  app.put(
    '/compliance-details/:section',
    {
      ...signedInRoute(apiAccess.complianceDetails, {
        tags,
        summary: 'Save a section: a new version, the earlier ones kept',
        description: 'The body is the section’s form (list sections: { entries: [...] }); each field is checked by the section’s own rules.',
        params: sectionParams,
        ...saving,
      }),
      preHandler: limitSavingPerPerson,
    },
    async (request) => saveComplianceSection(db, requireAuth(request), request.params.section, request.body),
  );

  app.post(
    '/compliance-details/:section/entries',
    {
      ...signedInRoute(apiAccess.complianceDetails, {
        tags,
        summary: 'Add an incident report, or add or update a check-in (the one with the same checkInNumber and checkInYear is replaced)',
        params: entryParams,
        ...saving,
      }),
      preHandler: limitSavingPerPerson,
    },
    async (request) => addComplianceEntry(db, requireAuth(request), request.params.section, request.body),
  );

  route.get(
    '/compliance-details/:section/history',
    apiAccess.complianceDetails,
    { summary: 'Every saved version of a section, newest first', params: sectionParams, response: { 200: complianceHistorySchema, 400: apiErrorSchema } },
    (auth, request) => complianceHistory(db, auth.user.id, request.params.section),
  );

  route.get(
    '/compliance-details/:section/pdf',
    apiAccess.complianceDetails,
    { summary: 'A section’s newest version as a PDF', description: PDF_DOWNLOAD_DESCRIPTION, params: sectionParams, response: { 200: z.any(), 400: apiErrorSchema } },
    async (auth, request, reply) => {
      const section = await complianceSection(db, auth.user.id, request.params.section, false);
      return sendSectionPdf(reply, fullName(auth.user), section);
    },
  );

  // A worker's reading of a client's sections, from their agreement.

  route.get(
    '/contracts/:id/compliance-details',
    apiAccess.clientCompliance,
    { summary: 'The client’s sections a worker with this ACTIVE agreement may read', params: contractParams, response: { 200: clientComplianceSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    async (auth, request, reply) => {
      const client = await clientOfActiveContract(db, auth.user.id, request.params.id);
      const overview = await complianceOverview(db, client.careSeekerId, workerReadableSections);
      return reply.send({ clientName: client.clientName, sections: overview.sections });
    },
  );

  route.get(
    '/contracts/:id/compliance-details/:section',
    apiAccess.clientCompliance,
    { summary: 'One of the client’s readable sections (support plan, medication, emergency plan)', params: contractSectionParams, response: { 200: complianceSectionResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    async (auth, request, reply) => {
      assertWorkerReadable(request.params.section);
      const client = await clientOfActiveContract(db, auth.user.id, request.params.id);
      return reply.send(await complianceSection(db, client.careSeekerId, request.params.section, true));
    },
  );

  route.get(
    '/contracts/:id/compliance-details/:section/pdf',
    apiAccess.clientCompliance,
    { summary: 'One of the client’s readable sections as a PDF', description: PDF_DOWNLOAD_DESCRIPTION, params: contractSectionParams, response: { 200: z.any(), 400: apiErrorSchema, 404: apiErrorSchema } },
    async (auth, request, reply) => {
      assertWorkerReadable(request.params.section);
      const client = await clientOfActiveContract(db, auth.user.id, request.params.id);
      const section = await complianceSection(db, client.careSeekerId, request.params.section, true);
      return sendSectionPdf(reply, client.clientName, section);
    },
  );
};
