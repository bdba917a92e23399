import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  receiptUploadSchema,
  reportableWorkSchema,
  submitTimesheetsRequestSchema,
  timesheetListQuerySchema,
  timesheetListSchema,
  timesheetParamsSchema,
  timesheetRequestSchema,
  timesheetSchema,
} from '@tendly/domain/api/timesheets';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { sendUploadedFile } from '../../platform/http/file-replies';
import { signedIn } from '../../platform/http/route-schemas';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { RECEIPT_NOT_FOUND, receiptFile, receiptUploadRules, uploadReceipt, type ReceiptsContext } from './receipts-service';
import { createTimesheet, timesheetLimitsOf, deleteTimesheet, getTimesheet, listMyTimesheets, submitTimesheets, updateTimesheet, workToReport, type TimesheetsContext } from './timesheets-service';

const tags = ['hours'];
const receiptParams = z.object({ fileId: z.uuid({ error: RECEIPT_NOT_FOUND }) });

/** Hours (issue 14): the worker records, saves and submits them; both sides read them. */
export const timesheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: TimesheetsContext = { db: app.database.db, autoApproveDays: app.config.JOB_REPORT_AUTO_APPROVE_DAYS, limits: timesheetLimitsOf(app.config) };
  const receipts: ReceiptsContext = { db: app.database.db, fileStore: app.fileStore };
  const route = signedInRoutes(app, { tags });

  route.get(
    '/timesheets/to-report',
    apiAccess.workToReport,
    {
      summary: 'What the worker can record hours for: confirmed shifts that have ended without hours, and ACTIVE agreements',
      response: { 200: reportableWorkSchema },
    },
    (auth) => workToReport(ctx, auth),
  );

  route.get(
    '/timesheets',
    apiAccess.myTimesheets,
    {
      summary: 'One page of the worker’s own hours, newest first (DRAFT is /saved-hours)',
      description: 'Newest first by submission time (a draft: when last saved); `before` is the last one’s submittedAt (or updatedAt).',
      querystring: timesheetListQuerySchema,
      response: { 200: timesheetListSchema, 400: apiErrorSchema },
    },
    (auth, request) => listMyTimesheets(ctx, auth, request.query),
  );

  route.post(
    '/timesheets',
    apiAccess.reportHours,
    {
      summary: 'Record hours for a confirmed shift that has ended, or unbooked work under an ACTIVE agreement',
      description:
        'Start and end are local date-times in the client’s state. A time inside the daylight-saving gap, an end not after the ' +
        'start, more than 24 hours, a break not shorter than the time worked, or hours not over yet are 400s naming the field. ' +
        'A shift that is not confirmed, or already has hours, is a 409. submit=true submits them at once (a job report); hours ' +
        'that cannot be priced are then a 422 naming why.',
      body: timesheetRequestSchema,
      response: { 201: timesheetSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    },
    async (auth, request, reply) => reply.status(201).send(await createTimesheet(ctx, auth, request.body)),
  );

  route.post(
    '/timesheets/submit',
    apiAccess.reportHours,
    {
      summary: 'Submit saved hours together: all or none',
      body: submitTimesheetsRequestSchema,
      response: { 200: timesheetListSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    },
    (auth, request) => submitTimesheets(ctx, auth, request.body.ids),
  );

  route.upload(
    '/timesheets/receipts',
    apiAccess.reportHours,
    receiptUploadRules,
    {
      summary: 'Upload a receipt for an expense (multipart/form-data, "file"): a PDF, JPEG or PNG of at most 10 MB',
      description: 'The type is found from the bytes. Name the returned fileId as an expense’s receiptFileId when saving the hours.',
      response: { 201: receiptUploadSchema, 400: apiErrorSchema, 413: apiErrorSchema },
    },
    async (auth, upload, request, reply) => reply.status(201).send(await uploadReceipt(receipts, auth, upload)),
  );

  app.get(
    '/timesheets/receipts/:fileId',
    {
      config: { access: apiAccess.timesheet },
      schema: {
        tags,
        summary: 'A receipt: for the worker who uploaded it and the care seeker of the hours that use it (anyone else 404)',
        security: signedIn,
        params: receiptParams,
      },
    },
    async (request, reply) => {
      const file = await receiptFile(receipts, requireAuth(request), request.params.fileId);
      return sendUploadedFile(reply, file);
    },
  );

  route.get(
    '/timesheets/:id',
    apiAccess.timesheet,
    {
      summary: 'One set of hours: the worker, or the care seeker (or a coordinator acting for them) once submitted; anyone else 404',
      params: timesheetParamsSchema,
      response: { 200: timesheetSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => getTimesheet(ctx, auth, request.params.id),
  );

  route.put(
    '/timesheets/:id',
    apiAccess.reportHours,
    {
      summary: 'Change saved or rejected hours; submit=true (re)submits them',
      description: 'Only DRAFT or REJECTED hours change: anything else is a 409 TIMESHEET_NOT_EDITABLE. The same checks as recording them.',
      params: timesheetParamsSchema,
      body: timesheetRequestSchema,
      response: { 200: timesheetSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    },
    (auth, request) => updateTimesheet(ctx, auth, request.params.id, request.body),
  );

  route.delete(
    '/timesheets/:id',
    apiAccess.reportHours,
    {
      summary: 'Delete saved hours (DRAFT only)',
      params: timesheetParamsSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    async (auth, request, reply) => {
      await deleteTimesheet(ctx, auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
