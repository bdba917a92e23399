import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  claimBatchSchema,
  claimLineParamsSchema,
  claimResultSummarySchema,
  claimsOverviewSchema,
  confirmDepositRequestSchema,
  invoiceClaimLineSchema,
  remittanceImportSchema,
  shortfallRequestSchema,
} from '@tendly/domain/api/payments';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { actingPersonId } from '../../platform/auth/authenticate';
import { AppError, badRequest } from '../../platform/errors';
import { sendDownload } from '../../platform/http/download-reply';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { actOnShortfall, CLAIM_BATCH_NOT_FOUND, claimFile, claimsOverview, confirmDeposit, exportClaims, importRemittance, recordClaimResult, type ClaimsContext } from './ndis-claims-service';

const batchParams = z.object({ id: z.uuid({ error: CLAIM_BATCH_NOT_FOUND }) });

/** A result file is a few MB at most (5,000 rows). */
const MAX_RESULT_BYTES = 10 * 1024 * 1024;
export const RESULT_FILE_MISSING = 'Choose the NDIA’s result file (CSV) to upload.';
export const RESULT_FILE_TOO_LARGE = 'The result file is larger than 10 MB: that is not an NDIA result file.';
export const RESULT_FILE_NOT_TEXT = 'The result file must be a CSV text file.';
export const REMITTANCE_MISSING = 'Choose the NDIA’s remittance (CSV) to import.';

/** The result file as text: a multipart `file`, or a text/csv body. */
async function resultText(request: FastifyRequest, missing: string = RESULT_FILE_MISSING): Promise<string> {
  let bytes: Buffer;
  if (request.isMultipart()) {
    try {
      const part = await request.file({ limits: { fileSize: MAX_RESULT_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest(missing, { file: missing });
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, RESULT_FILE_TOO_LARGE, { code: 'FILE_TOO_LARGE', fieldErrors: { file: RESULT_FILE_TOO_LARGE } });
      throw error;
    }
  } else if (typeof request.body === 'string') {
    bytes = Buffer.from(request.body, 'utf8');
  } else {
    throw badRequest(missing, { file: missing });
  }
  if (bytes.length === 0) throw badRequest(missing, { file: missing });
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw badRequest(RESULT_FILE_NOT_TEXT, { file: RESULT_FILE_NOT_TEXT });
  return text;
}

/** NDIA bulk payment requests for agency-managed invoices (issue 15): administrators only. */
export const ndisClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: ClaimsContext = { db: app.database.db, fileStore: app.fileStore, config: app.config };
  const tags = ['ndis-claims'];
  // A result file may come as the body itself (text/csv); this plugin's routes only.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_RESULT_BYTES }, (_request, body, done) => done(null, body));
  const route = signedInRoutes(app, { tags });

  app.get(
    '/admin/ndis-claims',
    signedInRoute(apiAccess.adminNdisClaims, {
      tags,
      summary: 'What is waiting to be claimed, what cannot be and why, the claim files, and rejected lines with the NDIA’s reasons',
      response: { 200: claimsOverviewSchema },
    }),
    async (_request, reply) => reply.send(await claimsOverview(ctx.db)),
  );

  route.post(
    '/admin/ndis-claims',
    apiAccess.adminNdisClaims,
    {
      summary: 'Exports every approved, unclaimed agency-managed invoice line (and rejected lines again) into NDIA bulk payment request files',
      description: 'Files of at most 5,000 rows, named TDL<YYMMDD><sequence>.csv (17 characters); the invoices are marked claimed (ndisClaimed, ndisClaimedAt). 400 when there is nothing to claim.',
      response: { 201: z.object({ batches: z.array(claimBatchSchema) }), 400: apiErrorSchema },
    },
    async (auth, request, reply) => reply.status(201).send(await exportClaims(ctx, actingPersonId(auth))),
  );

  app.get(
    '/admin/ndis-claims/:id/file',
    signedInRoute(apiAccess.adminNdisClaims, {
      tags,
      summary: 'A claim file as exported, to upload to the NDIA',
      description: 'Answers text/csv with Content-Disposition: attachment and the file’s name.',
      params: batchParams,
      response: { 200: z.any(), 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => sendDownload(reply, await claimFile(ctx, request.params.id), 'text/csv; charset=utf-8'),
  );

  route.post(
    '/admin/ndis-claims/:id/result',
    apiAccess.adminNdisClaims,
    {
      summary: 'Records the NDIA’s result for a claim file: accepted lines (with what the NDIA will pay) and rejected lines with the reason',
      description:
        'The result CSV as a multipart/form-data "file", or as a text/csv body. Columns are read by header name whatever their spaces or letter case (`Payment Request Status` or `PaymentRequestStatus`): ClaimReference and Payment Request Status, with Payment Request Number, Error Message, PaidTotalAmount and Capped Price when given; other columns are ignored. SUCCESSFUL lines are accepted, not paid: the cash comes with the remittance. Lines that cannot be read are listed in errors with their line number; the others still count.',
      consumes: ['multipart/form-data', 'text/csv'],
      params: batchParams,
      response: { 200: claimResultSummarySchema, 400: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const text = await resultText(request);
      return reply.send(await recordClaimResult(ctx, actingPersonId(auth), request.params.id, text));
    },
  );

  route.post(
    '/admin/ndis-claims/remittance',
    apiAccess.adminNdisClaims,
    {
      summary: 'Imports the NDIA’s remittance: the cash of accepted claims, matched by payment request number',
      description:
        'A text/csv body (or a multipart/form-data "file") whose header names Payment Request Number and the amount paid (Paid Amount, PaidTotalAmount or Amount), with ClaimReference when present, read by name as the result file is. Answers the lines it matched and the lines it could not match, with the reason. Importing the same remittance again records no cash twice. An invoice is paid, and payable to its worker, once nothing is owed on it.',
      consumes: ['multipart/form-data', 'text/csv'],
      response: { 200: remittanceImportSchema, 400: apiErrorSchema, 413: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const text = await resultText(request, REMITTANCE_MISSING);
      return reply.send(await importRemittance(ctx, actingPersonId(auth), text));
    },
  );

  route.post(
    '/admin/ndis-claims/lines/:id/cash',
    apiAccess.adminNdisClaims,
    {
      summary: 'Confirms by hand a deposit for a claim line: the NDIA’s cash, or the care seeker’s payment of a difference billed to them',
      params: claimLineParamsSchema,
      body: confirmDepositRequestSchema,
      response: { 200: invoiceClaimLineSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => confirmDeposit(ctx, actingPersonId(auth), request.params.id, request.body),
  );

  route.post(
    '/admin/ndis-claims/lines/:id/shortfall',
    apiAccess.adminNdisClaims,
    {
      summary: 'What to do with what the NDIA did not pay on a line: resubmit the difference, write it off, or bill it to the care seeker where the agreement allows',
      params: claimLineParamsSchema,
      body: shortfallRequestSchema,
      response: { 200: invoiceClaimLineSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => actOnShortfall(ctx, actingPersonId(auth), request.params.id, request.body.action),
  );
};
