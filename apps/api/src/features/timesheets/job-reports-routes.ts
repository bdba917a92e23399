import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceSchema } from '@tendly/domain/api/invoices';
import {
  approveByLinkRequestSchema,
  nomineeResponseSchema,
  nomineeSchema,
  rejectJobReportRequestSchema,
  timesheetListQuerySchema,
  timesheetListSchema,
  timesheetParamsSchema,
  timesheetSchema,
} from '@tendly/domain/api/timesheets';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { billingSettingsOf } from '../../platform/billing/issue-invoice';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { checkLimit, enforceLimit } from '../../platform/rate-limit/rate-limiter';
import { jobReportEmailSite } from './job-report-emails';
import { approveJobReport, approveJobReportByLink, jobReportByLink, listJobReports, rejectJobReport, type JobReportsContext } from './job-reports-service';
import { nomineeOf, removeNominee, saveNominee } from './nominee-service';

const tags = ['job reports'];
const approvedSchema = z.object({ invoice: invoiceSchema });
const linkRefusals = { 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema };

/** Uses of the nominee's link per address per minute: a person opens it and approves once or twice. */
export const LINK_REQUESTS_PER_MINUTE = 20;

/** Job reports (issue 14): deciding submitted hours, the nominee's signed link, and naming the nominee. */
export const jobReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: JobReportsContext = { db: app.database.db, site: jobReportEmailSite(app.config), linkSigner: app.linkSigner, billing: billingSettingsOf(app.config) };
  const limitLinkUse = async (ip: string, reply: Parameters<typeof enforceLimit>[0]) =>
    enforceLimit(reply, await checkLimit(app.rateLimitStore, { key: `job-report-link:${ip}`, limit: LINK_REQUESTS_PER_MINUTE, windowMs: 60_000 }));
  const route = signedInRoutes(app, { tags });

  route.get(
    '/job-reports',
    apiAccess.jobReports,
    {
      summary: 'One page of job reports (submitted hours and short-notice cancellations), newest submitted first',
      description: 'The worker’s own, or those for the care seeker (a coordinator acting counts as them). `before` is the last one’s submittedAt.',
      querystring: timesheetListQuerySchema,
      response: { 200: timesheetListSchema, 400: apiErrorSchema },
    },
    (auth, request) => listJobReports(ctx, auth, request.query),
  );

  route.post(
    '/job-reports/:id/approve',
    apiAccess.decideJobReports,
    {
      summary: 'Approve a job report: issues its invoice in the same transaction',
      description: 'Approving twice (or twice at once) answers the one invoice. A rejected report is a 409; one that cannot be priced a 422.',
      params: timesheetParamsSchema,
      response: { 200: approvedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    },
    (auth, request) => approveJobReport(ctx, auth, request.params.id),
  );

  route.post(
    '/job-reports/:id/reject',
    apiAccess.decideJobReports,
    {
      summary: 'Reject a job report with a reason: it goes back to the worker to fix and resubmit',
      params: timesheetParamsSchema,
      body: rejectJobReportRequestSchema,
      response: { 200: timesheetSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => rejectJobReport(ctx, auth, request.params.id, request.body.reason),
  );

  app.get(
    '/job-reports/by-link',
    {
      config: { access: apiAccess.jobReportLink },
      schema: {
        tags,
        summary: 'The job report a nominee’s emailed link names (no sign-in: the signed token is the proof)',
        description: 'A link that is not ours is a 404; one that has expired, or was replaced by a newer submission or another nominee, a 410.',
        querystring: approveByLinkRequestSchema,
        response: { 200: timesheetSchema, ...linkRefusals },
      },
    },
    async (request, reply) => {
      await limitLinkUse(request.ip, reply);
      return reply.header('x-robots-tag', 'noindex').send(await jobReportByLink(ctx, request.query.token));
    },
  );

  app.post(
    '/job-reports/approve-by-link',
    {
      config: { access: apiAccess.jobReportLink },
      schema: {
        tags,
        summary: 'The nominee approves the job report of their link, without signing in (approving twice is safe)',
        body: approveByLinkRequestSchema,
        response: { 200: approvedSchema, ...linkRefusals, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await limitLinkUse(request.ip, reply);
      return approveJobReportByLink(ctx, request.body.token);
    },
  );

  route.get(
    '/account/nominee',
    apiAccess.nominee,
    {
      summary: 'The nominee on the care seeker’s account, who approves hours by an emailed link (null: none)',
      response: { 200: nomineeResponseSchema },
    },
    (auth) => nomineeOf(ctx.db, auth),
  );

  route.put(
    '/account/nominee',
    apiAccess.nominee,
    {
      summary: 'Name the nominee (a name and an email address); links sent to a previous nominee stop working',
      body: nomineeSchema,
      response: { 200: nomineeResponseSchema, 400: apiErrorSchema },
    },
    (auth, request) => saveNominee(ctx.db, ctx.site, auth, request.body),
  );

  route.delete(
    '/account/nominee',
    apiAccess.nominee,
    {
      summary: 'Remove the nominee; links already sent stop working',
      response: { 200: nomineeResponseSchema },
    },
    (auth) => removeNominee(ctx.db, ctx.site, auth),
  );
};
