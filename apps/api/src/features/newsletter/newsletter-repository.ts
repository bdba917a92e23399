import type { NewsletterSubscriptionType } from '@tendly/domain/job-options';
import type { DbExecutor } from '../../platform/db/client';
import { newsletterSubscriptions } from '../../platform/db/schema/public-site';

/** Records a sign-up once per email and type: a repeat is silently kept as the first one. */
export async function insertNewsletterSubscription(
  db: DbExecutor,
  subscription: { email: string; userType: NewsletterSubscriptionType; message: string | null },
): Promise<void> {
  await db.insert(newsletterSubscriptions).values(subscription).onConflictDoNothing({
    target: [newsletterSubscriptions.email, newsletterSubscriptions.userType],
  });
}
