import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_CANCELLATION_POLICY, DEFAULT_TERMINATION_POLICY, type ContractDefaults } from '@tendly/domain/api/contracts';
import { isNdisFunded } from '@tendly/domain/job-options';
import type { NdisLineItemCode, NdisTimeBand } from '@tendly/domain/ndis-line-items';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { jobs } from '../../platform/db/schema/jobs';
import { localities } from '../../platform/db/schema/reference';
import { notFound } from '../../platform/errors';
import { findActiveWorker, findOwnJob, supportPlace, todayIn, WORKER_NOT_FOUND } from './contracts-service';
import { mmmClassOf, resolveSupportItem } from './ndis-pricing';

type ProfileRates = NonNullable<Awaited<ReturnType<typeof findActiveWorker>>>['profile'];

/** The NDIS rates suggested for a new agreement: self-care in each band the worker has a rate for, and active overnight. */
const suggestions: readonly { lineItem: NdisLineItemCode; timeOfDay: NdisTimeBand; rate: (profile: ProfileRates) => number | null }[] = [
  { lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', rate: (p) => p.weekdayRateCents },
  { lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_EVENING', rate: (p) => p.eveningRateCents },
  { lineItem: 'SELF_CARE', timeOfDay: 'SATURDAY', rate: (p) => p.saturdayRateCents },
  { lineItem: 'SELF_CARE', timeOfDay: 'SUNDAY', rate: (p) => p.sundayRateCents },
  { lineItem: 'SELF_CARE', timeOfDay: 'PUBLIC_HOLIDAY', rate: (p) => p.publicHolidayRateCents },
  { lineItem: 'ACTIVE_OVERNIGHT', timeOfDay: 'WEEKDAY_NIGHT', rate: (p) => p.overnightRateCents },
];

async function suggestedNdisRates(db: DbExecutor, profile: ProfileRates, date: string, mmmClass: number | null): Promise<ContractDefaults['ndisRates']> {
  const rates: ContractDefaults['ndisRates'] = [];
  for (const suggestion of suggestions) {
    const wanted = suggestion.rate(profile);
    if (wanted === null) continue;
    const found = await resolveSupportItem(db, { lineItem: suggestion.lineItem, level: 'ONE', timeOfDay: suggestion.timeOfDay }, date, mmmClass);
    if (!found.ok) continue;
    const limit = found.item.priceLimit;
    rates.push({
      lineItem: suggestion.lineItem,
      level: 'ONE',
      timeOfDay: suggestion.timeOfDay,
      amount: limit === null ? wanted : Math.min(wanted, limit),
      supportItemNumber: found.item.number,
      supportItemName: found.item.name,
      priceLimit: limit,
    });
  }
  return rates;
}

/** GET /api/contracts/defaults: the worker's profile rates, the job's funding and client, the default policies. */
export async function contractDefaults(db: DbExecutor, auth: RequestAuth, query: { workerId: string; jobId?: string | undefined }): Promise<ContractDefaults> {
  const worker = await findActiveWorker(db, query.workerId);
  if (!worker) throw notFound(WORKER_NOT_FOUND);
  const job = query.jobId ? await findOwnJob(db, auth.user.id, query.jobId) : null;
  const [account] = await db.select().from(users).where(eq(users.id, auth.user.id));
  // Each with its state: a job chosen on the form sets where the support is, so its planned shifts' times.
  const openJobs = await db
    .select({ id: jobs.id, title: jobs.title, state: localities.state })
    .from(jobs)
    .leftJoin(localities, eq(localities.id, jobs.localityId))
    .where(and(eq(jobs.ownerId, auth.user.id), eq(jobs.status, 'OPEN')))
    .orderBy(asc(jobs.title));
  const place = account ? await supportPlace(db, account, job) : { state: null, postcode: null, suburb: null };
  const state = place.state;
  const today = state ? todayIn(state) : todayIn('NSW');
  const fundingType = job?.payingForCareType ?? 'PRIVATE';
  const mmmClass = await mmmClassOf(db, { postcode: place.postcode, suburb: place.suburb, state });
  const { profile } = worker;
  return {
    worker: { id: worker.user.id, firstName: worker.user.firstName, lastName: worker.user.lastName },
    job: job ? { id: job.id, title: job.title } : null,
    openJobs,
    fundingType,
    clientName: job?.clientName.trim() || `${account?.firstName ?? ''} ${account?.lastName ?? ''}`.trim(),
    clientState: state,
    clientPostcode: place.postcode,
    today,
    rates: {
      hourlyRateForWeekdays: profile.weekdayRateCents,
      saturdayRate: profile.saturdayRateCents,
      sundayRate: profile.sundayRateCents,
      rateForPublicHoliday: profile.publicHolidayRateCents,
      rateForEveningCare: profile.eveningRateCents,
      rateForOverniteCare: profile.overnightRateCents,
      travelExpenseRate: profile.travelPerKmCents,
    },
    cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
    terminationPolicy: DEFAULT_TERMINATION_POLICY,
    ndisRates: isNdisFunded(fundingType) ? await suggestedNdisRates(db, profile, today, mmmClass) : [],
  };
}
