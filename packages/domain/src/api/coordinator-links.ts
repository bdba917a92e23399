import { z } from 'zod';
import { payingForCareTypeCodes } from '../job-options';
import { stateCodes } from '../states';
import { emailSchema, passwordSchema } from '../validation/account';
import { optionalNdisNumberSchema } from '../validation/participant-details';
import { safeText } from '../validation/safe-text';

/**
 * Linking a support coordinator to a care seeker (issue 16, spec section 2.7, workflows.md "People
 * and accounts"). The coordinator asks by email; the care seeker accepts or declines (from the
 * emailed signed links or their dashboard) and may revoke an ACTIVE link at any time.
 * PENDING → ACTIVE or DECLINED; ACTIVE → REVOKED.
 */
export const coordinatorLinkStatuses = ['PENDING', 'ACTIVE', 'DECLINED', 'REVOKED'] as const;
export type CoordinatorLinkStatus = (typeof coordinatorLinkStatuses)[number];

export const linkRequestSchema = z.object({ email: emailSchema });
export type LinkRequestInput = z.infer<typeof linkRequestSchema>;

export const linkDecisions = ['accept', 'decline'] as const;
export type LinkDecision = (typeof linkDecisions)[number];

/** The answer from an emailed link: the signed token says which request and which decision. */
export const linkResponseByTokenSchema = z.object({
  token: z.string({ error: 'This link is not valid.' }).trim().min(1, { error: 'This link is not valid.' }).max(400, { error: 'This link is not valid.' }),
});

/** A coordinator linked (or asking to be linked) to the care seeker, as the care seeker sees it. */
export const myCoordinatorLinkSchema = z.object({
  id: z.uuid(),
  status: z.enum(['PENDING', 'ACTIVE']),
  coordinator: z.object({ name: z.string(), email: z.string(), organisation: z.string().nullable() }),
  requestedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type MyCoordinatorLink = z.infer<typeof myCoordinatorLinkSchema>;
export const myCoordinatorLinksResponseSchema = z.array(myCoordinatorLinkSchema);

export const linkTokenAnswerSchema = z.object({
  message: z.string(),
  status: z.enum(['ACTIVE', 'DECLINED']),
  coordinatorName: z.string(),
});
export type LinkTokenAnswer = z.infer<typeof linkTokenAnswerSchema>;

export const coordinatorLinkMessages = {
  requestSent:
    'Thanks. If that email address belongs to a care seeker on Tendly, we have emailed them your request. You will see them in your client list once they accept.',
  accepted: 'Your support coordinator is now linked to your account.',
  declined: 'You declined the request. The coordinator is not linked to your account.',
  revoked: 'The coordinator is no longer linked to your account, and cannot act for you any more.',
  notFound: 'This request is no longer waiting for an answer.',
  linkNotValid: 'This link is not valid. Open the link in the email again, or answer the request from your dashboard.',
  linkExpired: 'This link has expired. You can still answer the request from your dashboard.',
  linkUsed: 'This request has already been answered.',
  tooManyRequests: 'You have sent many linking requests. Please try again later.',
  notWhileActing: 'Only the care seeker can answer or revoke a coordinator link, not a coordinator acting for them.',
} as const;

/**
 * A client account the coordinator creates and manages (issue 16, /support-coordinator/add-client).
 * The email is optional: with one, the client is invited to claim the account and set a password.
 */
const requiredLine = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `At most ${max} characters`, abort: true })
    .check(safeText());
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters`, abort: true })
    .check(safeText())
    .optional()
    .transform((value) => (value ? value : null));

export const addClientSchema = z
  .object({
    firstName: requiredLine("Enter your client's first name", 50),
    lastName: requiredLine("Enter your client's last name", 50),
    state: z.enum(stateCodes, { error: 'Choose an Australian state or territory' }),
    postcode: requiredLine('Enter the postcode', 4).regex(/^\d{4}$/, { error: 'Enter a valid 4-digit postcode' }),
    fundingType: z.enum(payingForCareTypeCodes, { error: 'Choose how the supports are paid for' }),
    ndisNumber: optionalNdisNumberSchema,
    planManagerName: optionalLine(100),
    planManagerEmail: z
      .union([z.literal(''), emailSchema])
      .optional()
      .transform((value) => (value ? value : null)),
    email: z
      .union([z.literal(''), emailSchema])
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((value, ctx) => {
    if (value.fundingType === 'NDIS_PLAN_MANAGED' && !value.planManagerName) {
      ctx.addIssue({ code: 'custom', path: ['planManagerName'], message: 'Enter the plan manager for a plan-managed participant' });
    }
  });
export type AddClientInput = z.input<typeof addClientSchema>;

export const addClientResponseSchema = z.object({ id: z.uuid(), name: z.string(), invited: z.boolean(), message: z.string() });
export type AddClientResponse = z.infer<typeof addClientResponseSchema>;

export const claimAccountSchema = z.object({
  token: linkResponseByTokenSchema.shape.token,
  password: passwordSchema,
});

export const addClientMessages = {
  added: 'Your client is added. You can act for them now.',
  addedAndInvited: 'Your client is added, and we have emailed them an invitation to claim their account. Until they do, you act for them.',
  emailTaken: 'An account already uses this email address. Ask that person to link to you with Request linking instead.',
  claimed: 'Your account is yours now. Sign in with your email address and new password.',
  claimNotValid: 'This invitation link is not valid, or the account has already been claimed.',
  claimExpired: 'This invitation has expired. Ask your support coordinator to send a new one.',
} as const;
