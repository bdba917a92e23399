import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORM_INVALID_MESSAGE, formSubmittedResponseSchema, unknownFormKindMessage } from '@tendly/domain/api/forms';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import {
  complaintFormSchema,
  contactFormSchema,
  feedbackFormSchema,
  formKinds,
  incidentFormSchema,
  isFormKind,
  quickRequestFormSchema,
  referralFormSchema,
  type FormKind,
  type FormSubmission,
} from '@tendly/domain/validation/forms';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { badRequest, notFound } from '../../platform/errors';
import { limitRequestsByIp } from '../../platform/rate-limit/rate-limiter';
import { formSubmissionsRule } from './forms-limits';
import { submitForm, type FormsContext } from './forms-service';

function parseWith<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw badRequest(FORM_INVALID_MESSAGE, fieldErrors(result.error));
}

/**
 * The body's schema depends on the kind in the path, so it is parsed here rather than by the
 * route's schema; a bad body is the same 400 with field messages as everywhere else.
 */
function parseSubmission(kind: FormKind, body: unknown): FormSubmission {
  switch (kind) {
    case 'feedback':
      return { kind, data: parseWith(feedbackFormSchema, body) };
    case 'complaint':
      return { kind, data: parseWith(complaintFormSchema, body) };
    case 'incident':
      return { kind, data: parseWith(incidentFormSchema, body) };
    case 'contact':
      return { kind, data: parseWith(contactFormSchema, body) };
    case 'quick-request':
      return { kind, data: parseWith(quickRequestFormSchema, body) };
    case 'referral':
      return { kind, data: parseWith(referralFormSchema, body) };
  }
}

/**
 * POST /api/forms/{kind} (issue 4): feedback, complaints, incident reports (spec section 3), the
 * contact form, quick requests and disability referrals. Anyone may send one; a signed-in
 * person's account is recorded with it, unless they asked to stay anonymous.
 */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: FormsContext = { db: app.database.db, config: app.config };
  const limitByIp = limitRequestsByIp(app.rateLimitStore, formSubmissionsRule);

  app.post(
    '/forms/:kind',
    {
      config: { access: apiAccess.submitForm },
      onRequest: limitByIp,
      // Whether a form is anonymous is in its body, read after the request line is logged, and
      // the request line carries the sender's address: keep this route out of the request log.
      logLevel: 'warn',
      schema: {
        tags: ['forms'],
        summary: 'Send a form: feedback, complaint, incident, contact, quick-request or referral',
        description: `The body is the form's fields; each kind (${formKinds.join(', ')}) has its own schema in the domain package.`,
        params: z.object({ kind: safeParam }),
        body: z.record(z.string(), z.unknown()),
        response: { 201: formSubmittedResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      if (!isFormKind(kind)) throw notFound(unknownFormKindMessage(kind));
      const submission = parseSubmission(kind, request.body);
      const result = await submitForm(ctx, submission, { ip: request.ip, userId: request.auth?.user.id ?? null });
      return reply.status(201).send(result);
    },
  );
};
