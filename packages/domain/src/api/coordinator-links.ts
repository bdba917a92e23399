import { z } from 'zod';
import { emailSchema } from '../validation/account';

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
