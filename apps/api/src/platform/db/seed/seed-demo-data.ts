import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { loadFieldCipher } from '../../crypto/field-cipher';
import type { FileStore } from '../../files/file-store';
import type { Db, DbTransaction } from '../client';
import { supportCoordinatorLinks, users } from '../schema/accounts';
import { localities } from '../schema/reference';
import { workerReviews } from '../schema/search';
import { workerProfiles } from '../schema/workers';
import { addDemoReviews, summariseReviews, type DemoReview } from './demo-reviews';
import { seedDemoEngagements } from './demo-engagements';
import { seedDemoHours } from './demo-hours';
import { insertDemoJobs } from './demo-jobs';
import { demoNdisEmails, seedDemoNdis } from './demo-ndis';
import { seedDemoOnboarding } from './demo-onboarding';
import { buildDemoWorkers, type DemoWorker, type SeedLocality } from './demo-workers';
import { createRandom } from './random';

/** Every demo account signs in with this password (README, outside production only). */
export const demoPassword = 'demo-password';

export const demoAccountEmails = {
  careSeeker: 'careseeker@example.com',
  worker: 'worker@example.com',
  inactiveWorker: 'inactive.worker@example.com',
  coordinator: 'coordinator@example.com',
  admin: 'admin@example.com',
  unverified: 'unverified@example.com',
  deactivated: 'deactivated@example.com',
  /** Samira, the NDIS participants' worker (demo-ndis.ts). */
  ndisWorker: demoNdisEmails.worker,
  /** Ben, an agency-managed NDIS participant: his invoices are claimed from the NDIA. */
  ndisParticipant: demoNdisEmails.agencyParticipant,
  /** Grace, a plan-managed NDIS participant: her invoices are emailed to her plan manager. */
  planManaged: demoNdisEmails.planManagedParticipant,
} as const;

export interface SeedDemoDataOptions {
  /** How many generated workers besides the demo accounts (default 420). */
  workerCount?: number;
  /** The seed of the pseudo-random generator: the same seed gives the same people. */
  seed?: number;
  /** Dates are spread back from this moment (default: now). */
  now?: Date;
  /** Where the demo workers' document files are written (the app's file store). */
  fileStore: FileStore;
  /** The key that encrypts the demo workers' bank account numbers (ENCRYPTION_KEY, or one kept in the database). */
  encryption: Pick<Config, 'ENCRYPTION_KEY'>;
}

export interface SeedDemoDataResult {
  /** False when the demo accounts already existed and nothing was written. */
  seeded: boolean;
  /** Generated workers written by this call. */
  workers: number;
}

/** Any constant distinct from the migration lock; serialises concurrent seeding on one server. */
const seedLockKey = 7_146_331_903;
const profileBatchSize = 200;

/**
 * Seeds the demo accounts and `workerCount` generated workers, in one transaction, once:
 * when the care seeker demo account exists it does nothing. Needs the localities loaded.
 */
export async function seedDemoData(db: Db, options: SeedDemoDataOptions): Promise<SeedDemoDataResult> {
  const workerCount = options.workerCount ?? 420;
  const now = options.now ?? new Date();
  const seed = options.seed ?? 20_250_701;
  const random = createRandom(seed);
  // Reviews draw from their own generator, so adding them left the generated workers unchanged.
  const reviewRandom = createRandom(seed + 1);
  // One hash for everybody: argon2id is slow on purpose, and 400 hashes would take a minute.
  const passwordHash = await hash(demoPassword);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccountEmails.careSeeker));
    if (existing.length > 0) return { seeded: false, workers: 0 };

    const seedLocalities: SeedLocality[] = await tx
      .select({
        id: localities.id,
        suburb: localities.suburb,
        postcode: localities.postcode,
        state: localities.state,
        latitude: localities.latitude,
        longitude: localities.longitude,
        mmmClass: localities.mmmClass,
      })
      .from(localities);
    if (seedLocalities.length === 0) throw new Error('Load the reference data before seeding demo data');

    const people = await insertDemoAccounts(tx, passwordHash, seedLocalities, now);
    const workers = buildDemoWorkers(workerCount, seedLocalities, random, now);
    const reviews = addDemoReviews(workers, reviewRandom, now);
    await insertWorkers(tx, workers, reviews, passwordHash);
    // After the workers: some of them have applied for the demo jobs.
    await insertDemoJobs(tx, people, seedLocalities, now);
    const cipher = await loadFieldCipher(options.encryption, tx);
    await seedDemoOnboarding(tx, options.fileStore, cipher, demoAccountEmails, now);
    await seedDemoEngagements(tx, people, now);
    await seedDemoHours(tx, people, now);
    // Last, so everything above is seeded exactly as before it existed.
    await seedDemoNdis(tx, { passwordHash, localities: seedLocalities, cipher, now });
    return { seeded: true, workers: workers.length };
  });
}

async function insertWorkers(
  tx: DbTransaction,
  workers: readonly DemoWorker[],
  reviewsByEmail: ReadonlyMap<string, readonly DemoReview[]>,
  passwordHash: string,
): Promise<void> {
  for (let start = 0; start < workers.length; start += profileBatchSize) {
    const batch = workers.slice(start, start + profileBatchSize);
    const inserted = await tx
      .insert(users)
      .values(batch.map((w) => ({ ...w.user, passwordHash })))
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
    await tx.insert(workerProfiles).values(
      batch.map((w) => {
        const userId = idByEmail.get(w.user.email);
        if (!userId) throw new Error(`Demo worker ${w.user.email} was not inserted`);
        return { ...w.profile, userId };
      }),
    );
    const reviewRows = batch.flatMap((w) =>
      (reviewsByEmail.get(w.user.email) ?? []).map((review) => ({ ...review, workerId: idByEmail.get(w.user.email) ?? '' })),
    );
    if (reviewRows.length > 0) await tx.insert(workerReviews).values(reviewRows);
  }
}

function findLocality(all: readonly SeedLocality[], suburb: string, postcode: string): SeedLocality {
  const locality = all.find((l) => l.suburb === suburb && l.postcode === postcode);
  if (!locality) throw new Error(`Locality ${suburb} ${postcode} is missing`);
  return locality;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

async function insertDemoAccounts(
  tx: DbTransaction,
  passwordHash: string,
  all: readonly SeedLocality[],
  now: Date,
): Promise<{ careSeekerId: string; workerId: string }> {
  const sydney = findLocality(all, 'Sydney', '2000');
  const parramatta = findLocality(all, 'Parramatta', '2150');
  const fitzroy = findLocality(all, 'Fitzroy', '3065');
  const signedUp = daysAgo(now, 400);
  const accepted = {
    termsAcceptedAt: signedUp,
    engagementTermsAcceptedAt: signedUp,
    ndisCodeAcceptedAt: signedUp,
    agedCareCodeAcceptedAt: signedUp,
  };
  const address = (l: SeedLocality, street: string) => ({
    streetAddress: street,
    suburb: l.suburb,
    state: l.state,
    postcode: l.postcode,
  });
  const common = { passwordHash, createdAt: signedUp, emailVerifiedAt: signedUp, ...accepted };

  const rows: (typeof users.$inferInsert)[] = [
    {
      ...common,
      email: demoAccountEmails.careSeeker,
      firstName: 'Helen',
      lastName: 'Carter',
      phone: '0412 345 678',
      role: 'CS',
      hearAboutUs: 'SUPPORT_COORDINATOR',
      ...address(parramatta, '12 Church Street'),
    },
    {
      ...common,
      email: demoAccountEmails.worker,
      firstName: 'Maya',
      lastName: 'Fernando',
      phone: '0423 456 789',
      role: 'CR',
      hearAboutUs: 'JOB_BOARD',
      ...address(sydney, '200 George Street'),
    },
    {
      ...common,
      email: demoAccountEmails.inactiveWorker,
      firstName: 'Tom',
      lastName: 'Kowalski',
      phone: '0434 567 890',
      role: 'CR',
      hearAboutUs: 'SOCIAL_MEDIA',
      createdAt: daysAgo(now, 6),
      emailVerifiedAt: daysAgo(now, 6),
      ...address(fitzroy, '45 Brunswick Street'),
    },
    {
      ...common,
      email: demoAccountEmails.coordinator,
      firstName: 'Daniel',
      lastName: 'Okafor',
      phone: '0445 678 901',
      role: 'SUPPORT',
      organisation: 'Bridgeway Support Coordination',
      hearAboutUs: 'SEARCH_ENGINE',
      ...address(parramatta, 'Level 3, 20 Smith Street'),
    },
    {
      ...common,
      email: demoAccountEmails.admin,
      firstName: 'Priya',
      lastName: 'Raman',
      phone: '0456 789 012',
      role: 'ADMIN',
    },
    {
      ...common,
      email: demoAccountEmails.unverified,
      firstName: 'Liam',
      lastName: 'Brooks',
      phone: '0467 890 123',
      role: 'CS',
      emailVerifiedAt: null,
      createdAt: daysAgo(now, 1),
      hearAboutUs: 'FRIEND_OR_FAMILY',
      ...address(sydney, '1 Martin Place'),
    },
    {
      ...common,
      email: demoAccountEmails.deactivated,
      firstName: 'Rita',
      lastName: 'Moss',
      phone: '0478 901 234',
      role: 'CS',
      status: 'DEACTIVATED',
      deactivatedAt: daysAgo(now, 30),
      deactivatedReason: 'Deactivated by an admin: repeated abusive messages to workers.',
      hearAboutUs: 'OTHER',
      ...address(parramatta, '8 Macquarie Street'),
    },
  ];
  const inserted = await tx.insert(users).values(rows).returning({ id: users.id, email: users.email });
  const id = (email: string): string => {
    const row = inserted.find((r) => r.email === email);
    if (!row) throw new Error(`Demo account ${email} was not inserted`);
    return row.id;
  };

  await tx.insert(supportCoordinatorLinks).values({
    coordinatorId: id(demoAccountEmails.coordinator),
    clientId: id(demoAccountEmails.careSeeker),
    status: 'ACTIVE',
    createdAt: daysAgo(now, 200),
    acceptedAt: daysAgo(now, 199),
  });

  const verified = daysAgo(now, 380);
  // The demo worker's reviews, one of them by the demo care seeker.
  const mayaReviews: (DemoReview & { authorUserId?: string })[] = [
    {
      authorFirstName: 'Margaret',
      rating: 5,
      comment: 'Maya has looked after Mum three mornings a week for a year now. She knows exactly how Mum likes her tea and her routine, and Mum calls her "my Maya".',
      createdAt: daysAgo(now, 330),
    },
    {
      authorFirstName: 'Peter',
      rating: 5,
      comment: 'Calm, kind and very organised. Maya noticed Dad was not drinking enough and set up a simple chart that his GP now uses too.',
      createdAt: daysAgo(now, 260),
    },
    {
      authorFirstName: 'Anh',
      rating: 4,
      comment: 'Great with my son, who is autistic and does not take to new people easily. Once or twice a shift time changed late, but Maya always rang ahead.',
      createdAt: daysAgo(now, 190),
    },
    {
      authorFirstName: 'Helen',
      authorUserId: id(demoAccountEmails.careSeeker),
      rating: 5,
      comment: 'Maya takes me to my appointments and the shops every Tuesday. She is patient when I am slow and never makes me feel like a job on a list.',
      createdAt: daysAgo(now, 120),
    },
    {
      authorFirstName: 'Rosa',
      rating: 5,
      comment: 'Her cooking is a hit. Nonna finally eats a proper lunch, and Maya even learnt to make her minestrone the family way.',
      createdAt: daysAgo(now, 45),
    },
    {
      authorFirstName: 'Graham',
      rating: 5,
      comment: "Reliable, warm and good humoured. After my wife's fall Maya helped her get her confidence back on the stairs. Highly recommend.",
      createdAt: daysAgo(now, 9),
    },
  ];
  await tx.insert(workerProfiles).values([
    {
      userId: id(demoAccountEmails.worker),
      status: 'ACTIVE',
      headline: 'Warm, reliable disability and aged care worker in the Sydney CBD',
      bio:
        "Hi, I'm Maya. I have six years of experience supporting older people and adults with disability " +
        'in their homes around inner Sydney. I enjoy helping with personal care, cooking healthy meals, ' +
        'getting out to appointments and the shops, and simply sharing a chat over a cuppa. I have worked ' +
        'with people living with dementia, autism and multiple sclerosis. I hold a Certificate III in ' +
        'Individual Support and current First Aid and CPR, and I speak English and Sinhala. I drive and have ' +
        "my own car. I'm patient, I listen, and I always follow your routine rather than mine.",
      gender: 'FEMALE',
      weekdayRateCents: 5500,
      saturdayRateCents: 7700,
      sundayRateCents: 9400,
      publicHolidayRateCents: 11_800,
      eveningRateCents: 6050,
      overnightRateCents: 6350,
      sleepoverRateCents: 22_000,
      travelPerKmCents: 95,
      skills: ['AGEDGEN', 'DEMENTIA', 'CFDA', 'AUTISM', 'MS'],
      tasks: ['CTP', 'CTS', 'COOK', 'MEAL', 'CTE', 'CA'],
      languages: ['en', 'si'],
      qualifications: ['CERT3_INDIVIDUAL_SUPPORT', 'FIRST_AID', 'CPR', 'MANUAL_HANDLING', 'NDIS_WORKER_ORIENTATION'],
      availability: {
        mon: { morning: true, afternoon: true, evening: false },
        tue: { morning: true, afternoon: true, evening: false },
        wed: { morning: true, afternoon: true, evening: true },
        thu: { morning: true, afternoon: true, evening: false },
        fri: { morning: true, afternoon: false, evening: false },
        sat: { morning: true, afternoon: true, evening: false },
        sun: { morning: false, afternoon: false, evening: false },
      },
      localityId: sydney.id,
      latitude: sydney.latitude,
      longitude: sydney.longitude,
      travelRadiusKm: 20,
      hasDriversLicence: true,
      hasCar: true,
      policeCheckVerifiedAt: verified,
      ndisScreeningVerifiedAt: verified,
      wwccVerifiedAt: verified,
      avatarUrl: '/api/avatars/maya-fernando-demo.svg',
      ...summariseReviews(mayaReviews),
      lastActiveAt: daysAgo(now, 1),
      joinedAt: signedUp,
      createdAt: signedUp,
    },
    {
      // A new applicant waiting for approval: checks not yet verified, so INACTIVE (workflows.md).
      userId: id(demoAccountEmails.inactiveWorker),
      status: 'INACTIVE',
      headline: 'Friendly support worker, new to Tendly',
      bio:
        "G'day, I'm Tom. I'm finishing my Certificate III in Individual Support and have spent the past two " +
        'years helping my grandfather after his stroke. I can help with getting out and about, shopping, ' +
        'cooking and light cleaning, and I love footy, music and a good yarn. I have my licence and a car.',
      gender: 'MALE',
      weekdayRateCents: 4200,
      saturdayRateCents: 5800,
      sundayRateCents: 7100,
      publicHolidayRateCents: 8800,
      eveningRateCents: 4600,
      overnightRateCents: 4850,
      sleepoverRateCents: 17_000,
      travelPerKmCents: 90,
      skills: ['AGEDGEN', 'ABI'],
      tasks: ['CA', 'CTD', 'COOK', 'CTS'],
      languages: ['en', 'pl'],
      qualifications: ['FIRST_AID'],
      availability: {
        mon: { morning: false, afternoon: true, evening: true },
        tue: { morning: false, afternoon: true, evening: true },
        wed: { morning: false, afternoon: false, evening: false },
        thu: { morning: false, afternoon: true, evening: true },
        fri: { morning: false, afternoon: false, evening: false },
        sat: { morning: true, afternoon: true, evening: false },
        sun: { morning: true, afternoon: true, evening: false },
      },
      localityId: fitzroy.id,
      latitude: fitzroy.latitude,
      longitude: fitzroy.longitude,
      travelRadiusKm: 15,
      hasDriversLicence: true,
      hasCar: true,
      avatarUrl: '/api/avatars/tom-kowalski-demo.svg',
      rating: null,
      reviewCount: 0,
      lastActiveAt: daysAgo(now, 2),
      joinedAt: daysAgo(now, 6),
      createdAt: daysAgo(now, 6),
    },
  ]);
  await tx.insert(workerReviews).values(mayaReviews.map((review) => ({ ...review, workerId: id(demoAccountEmails.worker) })));
  return { careSeekerId: id(demoAccountEmails.careSeeker), workerId: id(demoAccountEmails.worker) };
}
