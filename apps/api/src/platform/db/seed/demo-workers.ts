import { availabilitySlots, dayCodes, emptyAvailability, type Availability } from '@tendly/domain/days';
import type { LanguageCode } from '@tendly/domain/languages';
import type { Gender } from '@tendly/domain/profile-options';
import { qualificationCodes, type QualificationCode } from '@tendly/domain/qualifications';
import { skillCodes, type SkillCode } from '@tendly/domain/skills';
import { stateCodes, type StateCode } from '@tendly/domain/states';
import { PERSONAL_CARE_TASK, taskCodes, type TaskCode } from '@tendly/domain/tasks';
import type { users } from '../schema/accounts';
import type { workerProfiles } from '../schema/workers';
import { writeProfile } from './bio-writer';
import { nameBackgrounds, neutralFirstNames } from './names';
import type { Random } from './random';

/** A locality a demo worker can live in. */
export interface SeedLocality {
  id: number;
  suburb: string;
  postcode: string;
  state: StateCode;
  latitude: number;
  longitude: number;
  mmmClass: number | null;
}

export interface DemoWorker {
  user: Omit<typeof users.$inferInsert, 'passwordHash'>;
  profile: Omit<typeof workerProfiles.$inferInsert, 'userId'>;
}

/** Share of Australia's population by state (ABS, 2024, rounded). */
const statePopulation: Record<StateCode, number> = {
  NSW: 31.2,
  VIC: 26.2,
  QLD: 20.6,
  WA: 11.1,
  SA: 6.9,
  TAS: 2.1,
  ACT: 1.7,
  NT: 0.9,
};

const dayMs = 86_400_000;

/**
 * How many demo workers go to each state: by population, but at least ten in the small
 * states (NT, ACT, TAS) when there are enough workers, so that search in Darwin or Hobart
 * finds somebody. Largest remainders keep the total exact.
 */
export function workersPerState(total: number): Record<StateCode, number> {
  const minimum = Math.min(10, Math.floor(total / stateCodes.length));
  const counts = Object.fromEntries(stateCodes.map((s) => [s, minimum])) as Record<StateCode, number>;
  const remaining = total - minimum * stateCodes.length;
  const totalWeight = stateCodes.reduce((sum, s) => sum + statePopulation[s], 0);
  const shares = stateCodes.map((s) => ({ s, exact: (remaining * statePopulation[s]) / totalWeight }));
  let assigned = 0;
  for (const { s, exact } of shares) {
    counts[s] += Math.floor(exact);
    assigned += Math.floor(exact);
  }
  shares.sort((a, b) => (b.exact % 1) - (a.exact % 1));
  for (let i = 0; i < remaining - assigned; i++) {
    const share = shares[i % shares.length];
    if (share) counts[share.s] += 1;
  }
  return counts;
}

/** Mail-centre and PO-box "localities" are not places anyone lives. */
function isResidential(locality: SeedLocality): boolean {
  return !/\b(DC|BC|MC|MSC|PO|GPO|LPO)$/.test(locality.suburb);
}

function pickLocality(candidates: readonly SeedLocality[], random: Random): SeedLocality {
  // Mostly cities and large towns (MMM 1–2), some regional towns, a few remote places.
  const band = random.weighted<readonly number[]>([
    [[1], 72],
    [[2], 13],
    [[3, 4, 5], 10],
    [[6, 7], 5],
  ]);
  const inBand = candidates.filter((l) => l.mmmClass !== null && band.includes(l.mmmClass));
  return random.pick(inBand.length > 0 ? inBand : candidates);
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

export function buildDemoWorkers(
  count: number,
  allLocalities: readonly SeedLocality[],
  random: Random,
  now: Date,
): DemoWorker[] {
  const byState = new Map<StateCode, SeedLocality[]>();
  for (const locality of allLocalities) {
    if (!isResidential(locality)) continue;
    const list = byState.get(locality.state) ?? [];
    list.push(locality);
    byState.set(locality.state, list);
  }
  const perState = workersPerState(count);
  const states = stateCodes.flatMap((s) => Array.from({ length: perState[s] }, () => s));

  return states.map((state, index) => {
    const candidates = byState.get(state);
    if (!candidates?.length) throw new Error(`No localities in ${state}: load reference data first`);
    return buildDemoWorker(index + 1, pickLocality(candidates, random), random, now);
  });
}

function buildDemoWorker(number: number, locality: SeedLocality, random: Random, now: Date): DemoWorker {
  const background = random.weighted(nameBackgrounds.map((b) => [b, b.weight] as const));
  const gender = random.weighted<Gender>([
    ['FEMALE', 70],
    ['MALE', 27],
    ['NON_BINARY', 3],
  ]);
  const firstName =
    gender === 'NON_BINARY'
      ? random.pick(neutralFirstNames)
      : random.pick(gender === 'FEMALE' ? background.female : background.male);
  const lastName = random.pick(background.surnames);
  const padded = String(number).padStart(4, '0');

  const otherLanguages: LanguageCode[] = [];
  for (const [code, chance] of background.languages) {
    if (otherLanguages.length < 2 && random.chance(chance)) otherLanguages.push(code);
  }

  const skills = random.sample(skillCodes, random.int(2, 8)) as SkillCode[];
  const offersPersonalCare = random.chance(0.7);
  const tasks = new Set<TaskCode>(random.sample(taskCodes, random.int(2, 6)));
  // Offering personal care is listing its service (the profile's flag follows the list).
  if (offersPersonalCare) tasks.add(PERSONAL_CARE_TASK);
  else tasks.delete(PERSONAL_CARE_TASK);
  const qualifications = pickQualifications(random);

  const weekday = roundTo(random.int(3800, 7000), 50);
  const availability = pickAvailability(random);
  const hasDriversLicence = random.chance(0.85);
  const hasCar = hasDriversLicence && random.chance(0.85);

  // ~15% joined in the last 30 days; the rest over the three years before that.
  const joinedDaysAgo = random.chance(0.15) ? random.between(0, 30) : random.between(30, 3 * 365);
  const joinedAt = new Date(now.getTime() - joinedDaysAgo * dayMs);
  // ~50% active in the last 30 days (never before they joined).
  const activeDaysAgo =
    random.chance(0.5) || joinedDaysAgo <= 30
      ? random.between(0, Math.min(30, joinedDaysAgo))
      : random.between(30, joinedDaysAgo);
  const lastActiveAt = new Date(now.getTime() - activeDaysAgo * dayMs);
  const verifiedAfterJoining = (chance: number) =>
    random.chance(chance)
      ? new Date(Math.min(now.getTime(), joinedAt.getTime() + random.between(1, 21) * dayMs))
      : null;

  const hasReviews = random.chance(0.7);
  const remote = (locality.mmmClass ?? 1) >= 5;
  const yearsExperience = random.weighted([
    [random.int(0, 1), 20],
    [random.int(2, 5), 45],
    [random.int(6, 15), 30],
    [random.int(16, 30), 5],
  ]);
  const { headline, bio } = writeProfile(
    {
      firstName,
      suburb: locality.suburb,
      yearsExperience,
      skills,
      tasks: [...tasks],
      otherLanguages,
      qualifications,
      hasCar,
      offersPersonalCare,
      weekendsAvailable: availability.sat.morning || availability.sun.morning || availability.sat.afternoon,
      eveningsAvailable: dayCodes.some((day) => availability[day].evening),
    },
    random,
  );

  return {
    user: {
      email: `worker.${padded}@demo.tendly.test`,
      firstName,
      lastName,
      phone: `04${String(random.int(10_000_000, 99_999_999))}`,
      role: 'CR',
      emailVerifiedAt: joinedAt,
      suburb: locality.suburb,
      state: locality.state,
      postcode: locality.postcode,
      hearAboutUs: random.pick(['SEARCH_ENGINE', 'SOCIAL_MEDIA', 'FRIEND_OR_FAMILY', 'JOB_BOARD']),
      termsAcceptedAt: joinedAt,
      engagementTermsAcceptedAt: joinedAt,
      ndisCodeAcceptedAt: joinedAt,
      agedCareCodeAcceptedAt: joinedAt,
      createdAt: joinedAt,
      updatedAt: lastActiveAt,
    },
    profile: {
      status: random.chance(0.08) ? 'INACTIVE' : 'ACTIVE',
      headline,
      bio,
      gender,
      weekdayRateCents: weekday,
      saturdayRateCents: roundTo(weekday * random.between(1.3, 1.5), 50),
      sundayRateCents: roundTo(weekday * random.between(1.6, 1.8), 50),
      publicHolidayRateCents: roundTo(weekday * random.between(2.0, 2.3), 50),
      eveningRateCents: roundTo(weekday * random.between(1.08, 1.12), 50),
      overnightRateCents: roundTo(weekday * random.between(1.12, 1.18), 50),
      sleepoverRateCents: roundTo(random.int(16_000, 26_000), 500),
      travelPerKmCents: random.int(85, 99),
      skills,
      tasks: [...tasks],
      languages: ['en', ...otherLanguages],
      qualifications,
      availability,
      localityId: locality.id,
      // A little jitter so that workers in one suburb do not sit on one point of the map.
      latitude: locality.latitude + random.between(-0.006, 0.006),
      longitude: locality.longitude + random.between(-0.006, 0.006),
      travelRadiusKm: remote ? random.pick([40, 60, 80, 100]) : random.pick([5, 10, 15, 20, 25, 30, 40]),
      hasDriversLicence,
      hasCar,
      policeCheckVerifiedAt: verifiedAfterJoining(0.9),
      ndisScreeningVerifiedAt: verifiedAfterJoining(0.8),
      wwccVerifiedAt: verifiedAfterJoining(0.55),
      avatarUrl: `/api/avatars/${avatarSeed(firstName, lastName, padded)}.svg`,
      rating: hasReviews ? Math.round(random.between(3.8, 5.0001) * 100) / 100 : null,
      reviewCount: hasReviews ? Math.round(1 + random.next() ** 2 * 60) : 0,
      lastActiveAt,
      joinedAt,
      createdAt: joinedAt,
      updatedAt: lastActiveAt,
    },
  };
}

/** A stable, URL-safe seed: the same worker always gets the same avatar. */
export function avatarSeed(firstName: string, lastName: string, suffix: string): string {
  const slug = `${firstName}-${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}-${suffix}`;
}

function pickQualifications(random: Random): QualificationCode[] {
  const picked = new Set<QualificationCode>();
  picked.add(
    random.weighted<QualificationCode>([
      ['CERT3_INDIVIDUAL_SUPPORT', 45],
      ['CERT3_AGED_CARE', 12],
      ['CERT3_DISABILITY', 8],
      ['CERT4_DISABILITY', 10],
      ['CERT4_MENTAL_HEALTH', 6],
      ['ENROLLED_NURSE', 4],
      ['REGISTERED_NURSE', 3],
      ['BACHELOR_NURSING', 4],
      ['DIPLOMA_COMMUNITY_SERVICES', 5],
      ['BACHELOR_SOCIAL_WORK', 3],
    ]),
  );
  if (random.chance(0.8)) picked.add('FIRST_AID');
  if (random.chance(0.75)) picked.add('CPR');
  for (const extra of random.sample(qualificationCodes, random.int(0, 2))) picked.add(extra);
  // Some workers have not listed any qualification yet.
  return random.chance(0.07) ? [] : [...picked];
}

function pickAvailability(random: Random): Availability {
  const availability = emptyAvailability();
  const pattern = random.weighted<'weekdays' | 'weekends' | 'evenings' | 'mixed' | 'anytime'>([
    ['weekdays', 30],
    ['weekends', 12],
    ['evenings', 10],
    ['mixed', 38],
    ['anytime', 10],
  ]);
  for (const day of dayCodes) {
    const weekend = day === 'sat' || day === 'sun';
    for (const slot of availabilitySlots) {
      availability[day][slot] =
        pattern === 'anytime'
          ? true
          : pattern === 'weekdays'
            ? !weekend && slot !== 'evening' && random.chance(0.9)
            : pattern === 'weekends'
              ? weekend && random.chance(0.9)
              : pattern === 'evenings'
                ? slot === 'evening' && random.chance(0.85)
                : random.chance(0.45);
    }
  }
  // Everyone listed is free at least sometime.
  if (!dayCodes.some((day) => availabilitySlots.some((slot) => availability[day][slot]))) {
    availability.mon.morning = true;
  }
  return availability;
}
