import { fullName } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { actingPersonId, type RequestAuth } from '../auth/authenticate';
import type { DbExecutor } from '../db/client';
import { renderEmail } from '../mail/email-layout';
import { queueMail } from '../mail/outbox';
import { recordAudit } from './audit-log';
import { emailLayout } from '../mail/email-site';

/** What the email about a change needs of the site. */
export interface AccountChangeSite {
  brandName: string;
  supportEmail: string;
  supportPhone: string;
  publicUrl: string;
}

export interface AccountChange {
  /** The audit action, `noun.verb`: `account.nominee_named`, `card.saved`, ... */
  action: string;
  /** What changed, finishing "… changed …" in the email: "the nominee who approves your hours". */
  what: string;
  /** The change itself, said plainly for the email: "They named Sam Lee (sam@example.org)." */
  summary: string;
  /** The route (of the route table) where the person sees the setting and can change it back. */
  routeId: string;
  /** Facts for the audit log; never card numbers, passwords or tokens. */
  detail?: Record<string, unknown>;
  targetType?: string;
  targetId?: string;
  ip?: string;
}

/**
 * A change to who approves a care seeker's hours or how their invoices are paid (issue 29). It
 * is always written to the account's history (the audit log, which administrators see on the
 * person's account page), with the support coordinator as the actor when one made it through an
 * alias session. A coordinator may make it (they act for the client), but then the client is also
 * emailed, so a change they did not expect does not go unnoticed. Pass the caller's transaction:
 * the history and the email are kept only if the change is.
 */
export async function recordAccountChange(tx: DbExecutor, site: AccountChangeSite, auth: RequestAuth, change: AccountChange): Promise<void> {
  const coordinator = auth.actor;
  await recordAudit(tx, {
    actorUserId: actingPersonId(auth),
    subjectUserId: auth.user.id,
    action: change.action,
    detail: { ...change.detail, ...(coordinator ? { actingForClient: true } : {}) },
    ...(change.ip ? { ip: change.ip } : {}),
    ...(change.targetType ? { targetType: change.targetType } : {}),
    ...(change.targetId ? { targetId: change.targetId } : {}),
  });
  if (!coordinator) return;
  const coordinatorName = fullName(coordinator);
  const subject = `${coordinatorName} changed ${change.what} on your ${site.brandName} account`;
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: subject,
    heading: `Hi ${auth.user.firstName}, your support coordinator changed your account`,
    paragraphs: [
      `${coordinatorName}, your support coordinator, changed ${change.what} while acting for you on ${site.brandName}. ${change.summary}`,
      'They can do this because your account is linked to them. If you did not expect this change, talk to them, change it back, or contact us.',
    ],
    action: { label: 'See your settings', url: `${site.publicUrl}${routePath(change.routeId)}` },
  });
  await queueMail(tx, { to: auth.user.email, category: 'SECURITY', subject, html, text });
}
