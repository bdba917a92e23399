import * as accountSettings from './schema/account-settings';
import * as accounts from './schema/accounts';
import * as billing from './schema/billing';
import * as compliance from './schema/compliance';
import * as engagements from './schema/engagements';
import * as fundingWallet from './schema/funding-wallet';
import * as jobs from './schema/jobs';
import * as meetAndGreets from './schema/meet-and-greets';
import * as notifications from './schema/notifications';
import * as onboarding from './schema/onboarding';
import * as paymentNotices from './schema/payment-notices';
import * as payments from './schema/payments';
import * as platform from './schema/platform';
import * as publicSite from './schema/public-site';
import * as reference from './schema/reference';
import * as search from './schema/search';
import * as workers from './schema/workers';

/** Every table, enum and relation, for drizzle's relational queries (`db.query.users...`). */
export const schema = { ...accountSettings, ...accounts, ...billing, ...compliance, ...engagements, ...fundingWallet, ...jobs, ...meetAndGreets, ...notifications, ...onboarding, ...paymentNotices, ...payments, ...platform, ...publicSite, ...reference, ...search, ...workers };

export type Schema = typeof schema;
