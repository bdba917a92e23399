import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECEIPT_MAX_BYTES,
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
import { readUpload } from '../../platform/files/uploads';
import { sendUploadedFile } from '../../platform/http/file-replies';
import { signedIn } from '../../platform/http/route-schemas';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { uploadRoute } from '../../platform/http/upload-route';
import { RECEIPT_NOT_FOUND, receiptFile, receiptUploadRules, uploadReceipt, type ReceiptsContext } from './receipts-service';
import { createTimesheet, timesheetLimitsOf, deleteTimesheet, getTimesheet, listMyTimesheets, submitTimesheets, updateTimesheet, workToReport, type TimesheetsContext } from './timesheets-service';

const tags = ['hours'];
const receiptParams = z.object({ fileId: z.uuid({ error: RECEIPT_NOT_FOUND }) });

/** Hours (issue 14): the worker records, saves and submits them; both sides read them. */
export const timesheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: TimesheetsContext = { db: app.database.db, autoApproveDays: app.config.JOB_REPORT_AUTO_APPROVE_DAYS, limits: timesheetLimitsOf(app.config) };
  const receipts: ReceiptsContext = { db: app.database.db, fileStore: app.fileStore };

  app.get(
    '/timesheets/to-report',
    signedInRoute(apiAccess.workToReport, {
      tags,
      summary: 'What the worker can record hours for: confirmed shifts that have ended without hours, and ACTIVE agreements',
      response: { 200: reportableWorkSchema },
    }),
    async (request, reply) => reply.send(await workToReport(ctx, requireAuth(request))),
  );

  app.get(
    '/timesheets',
    signedInRoute(apiAccess.myTimesheets, {
      tags,
      summary: 'One page of the worker’s own hours, newest first (DRAFT is /saved-hours)',
      description: 'Newest first by submission time (a draft: when last saved); `before` is the last one’s submittedAt (or updatedAt).',
      querystring: timesheetListQuerySchema,
      response: { 200: timesheetListSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await listMyTimesheets(ctx, requireAuth(request), request.query)),
  );

  app.post(
    '/timesheets',
    signedInRoute(apiAccess.reportHours, {
      tags,
      summary: 'Record hours for a confirmed shift that has ended, or unbooked work under an ACTIVE agreement',
      description:
        'Start and end are local date-times in the client’s state. A time inside the daylight-saving gap, an end not after the ' +
        'start, more than 24 hours, a break not shorter than the time worked, or hours not over yet are 400s naming the field. ' +
        'A shift that is not confirmed, or already has hours, is a 409. submit=true submits them at once (a job report); hours ' +
        'that cannot be priced are then a 422 naming why.',
      body: timesheetRequestSchema,
      response: { 201: timesheetSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    }),
    async (request, reply) => reply.status(201).send(await createTimesheet(ctx, requireAuth(request), request.body)),
  );

  app.post(
    '/timesheets/submit',
    signedInRoute(apiAccess.reportHours, {
      tags,
      summary: 'Submit saved hours together: all or none',
      body: submitTimesheetsRequestSchema,
      response: { 200: timesheetListSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    }),
    async (request) => submitTimesheets(ctx, requireAuth(request), request.body.ids),
  );

  app.post(
    '/timesheets/receipts',
    uploadRoute(apiAccess.reportHours, RECEIPT_MAX_BYTES, {
      tags,
      summary: 'Upload a receipt for an expense (multipart/form-data, "file"): a PDF, JPEG or PNG of at most 10 MB',
      description: 'The type is found from the bytes. Name the returned fileId as an expense’s receiptFileId when saving the hours.',
      response: { 201: receiptUploadSchema, 400: apiErrorSchema, 413: apiErrorSchema },
    }),
    async (request, reply) => {
      const auth = requireAuth(request);
      const upload = await readUpload(request, receiptUploadRules);
      return reply.status(201).send(await uploadReceipt(receipts, auth, upload));
    },
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

  app.get(
    '/timesheets/:id',
    signedInRoute(apiAccess.timesheet, {
      tags,
      summary: 'One set of hours: the worker, or the care seeker (or a coordinator acting for them) once submitted; anyone else 404',
      params: timesheetParamsSchema,
      response: { 200: timesheetSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await getTimesheet(ctx, requireAuth(request), request.params.id)),
  );

  app.put(
    '/timesheets/:id',
    signedInRoute(apiAccess.reportHours, {
      tags,
      summary: 'Change saved or rejected hours; submit=true (re)submits them',
      description: 'Only DRAFT or REJECTED hours change: anything else is a 409 TIMESHEET_NOT_EDITABLE. The same checks as recording them.',
      params: timesheetParamsSchema,
      body: timesheetRequestSchema,
      response: { 200: timesheetSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    }),
    async (request) => updateTimesheet(ctx, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/timesheets/:id',
    signedInRoute(apiAccess.reportHours, {
      tags,
      summary: 'Delete saved hours (DRAFT only)',
      params: timesheetParamsSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request, reply) => {
      await deleteTimesheet(ctx, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
