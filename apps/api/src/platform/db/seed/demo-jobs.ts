import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { htmlToPlainText, type JobFields } from '@tendly/domain/api/jobs';
import { placeLabel } from '@tendly/domain/api/places';
import { emptyAvailability, type Availability, type DayCode } from '@tendly/domain/days';
import type { DbTransaction } from '../client';
import { jobApplications, jobInvitations, jobs } from '../schema/jobs';
import { shortlistItems } from '../schema/search';
import type { SeedLocality } from './demo-workers';

/**
 * The demo care seeker's job posts (issue 6), so that the job board is alive for the demo worker
 * on a first start: open jobs around Sydney, most of them near the demo worker (Sydney CBD) and
 * needing skills she has, one far enough away to show the distance filter, one closed. A few
 * generated workers have applied; the demo worker has an invitation but no application, so
 * applying is hers to try. The descriptions are written here, as safe HTML.
 */

type Slot = 'morning' | 'afternoon' | 'evening';

function week(days: Partial<Record<DayCode, Slot[]>>): Availability {
  const availability = emptyAvailability();
  for (const [day, slots] of Object.entries(days) as [DayCode, Slot[]][]) for (const slot of slots) availability[day][slot] = true;
  return availability;
}

interface DemoJob {
  key: string;
  suburb: string;
  postcode: string;
  daysAgo: number;
  closed?: boolean;
  fields: Partial<JobFields> & Pick<JobFields, 'title' | 'htmlDescription' | 'supportCategory' | 'supportType' | 'careFor' | 'availability'>;
}

const demoJobs: DemoJob[] = [
  {
    key: 'marrickville',
    suburb: 'Marrickville',
    postcode: '2204',
    daysAgo: 1,
    fields: {
      title: 'Morning company and help at home for Mum in Marrickville',
      supportCategory: 'AGED_CARE',
      supportType: ['AGEDGEN', 'DEMENTIA'],
      careFor: 'Immediate Family',
      availability: week({ mon: ['morning'], wed: ['morning'], fri: ['morning'] }),
      approxHoursPerDay: 3,
      approxHoursPerWeek: 9,
      tasks: ['CTS', 'COOK', 'CA'],
      languages: ['en', 'el'],
      gender: 'FEMALE',
      experience: 'YEARS_1',
      payingForCareType: 'SUPPORT_AT_HOME',
      hourlyRate: 5_200,
      goal: 'Keep Mum living safely and happily in her own home.',
      htmlDescription:
        '<p>My mum Eleni is 86 and lives on her own in Marrickville. She is in the early stages of dementia and is ' +
        'happiest with a familiar face and a steady routine.</p><h3>What would help</h3><ul><li>A walk to the shops ' +
        'and a coffee on the way back</li><li>Making a simple lunch together</li><li>Gentle reminders about her ' +
        'appointments</li></ul><p>Mum speaks Greek and English. She loves her garden and old films.</p>',
    },
  },
  {
    key: 'newtown',
    suburb: 'Newtown',
    postcode: '2042',
    daysAgo: 3,
    fields: {
      title: 'Weekend outings for my autistic son in Newtown',
      supportCategory: 'DISABILITY',
      supportType: ['AUTISM'],
      careFor: 'Immediate Family',
      availability: week({ sat: ['morning', 'afternoon'], sun: ['afternoon'] }),
      approxHoursPerWeek: 8,
      tasks: ['CA', 'CTE'],
      experience: 'YEARS_3',
      payingForCareType: 'NDIS_SELF_MANAGED',
      hourlyRate: 6_700,
      ndisFundingCode: '04_104_0125_6_1',
      htmlDescription:
        '<p>Our son Sam is 17, autistic and mad about trains. We are looking for a calm, patient support worker to ' +
        'take him on weekend outings: the train museum, the markets, a swim at the local pool.</p><p>Sam likes to ' +
        'know the plan ahead of time, so a little planning together on Friday goes a long way.</p>',
    },
  },
  {
    key: 'parramatta',
    suburb: 'Parramatta',
    postcode: '2150',
    daysAgo: 5,
    fields: {
      title: 'Help with shopping and appointments in Parramatta',
      supportCategory: 'AGED_CARE',
      supportType: ['AGEDGEN'],
      careFor: 'Me',
      availability: week({ tue: ['morning', 'afternoon'], thu: ['morning'] }),
      approxHoursPerWeek: 6,
      tasks: ['CTE', 'CA'],
      other_requirements: ['HDL', 'OC'],
      payingForCareType: 'PRIVATE',
      htmlDescription:
        '<p>I am 79 and still very independent, but since my hip operation I no longer drive. I would like someone ' +
        'with a car to take me to the shops and to my appointments on Tuesdays and Thursdays.</p><p>I am happy to ' +
        'talk about the rate.</p>',
    },
  },
  {
    key: 'chatswood',
    suburb: 'Chatswood',
    postcode: '2067',
    daysAgo: 8,
    fields: {
      title: "Evening support for a gentleman with Parkinson's in Chatswood",
      supportCategory: 'AGED_CARE',
      supportType: ['PARKINSONS', 'AGEDGEN'],
      careFor: 'Client',
      searcherRole: 'CaseWorker',
      availability: week({ mon: ['evening'], tue: ['evening'], wed: ['evening'], thu: ['evening'] }),
      approxHoursPerDay: 2,
      tasks: ['MEAL', 'CTP'],
      medicationRequired: true,
      medicationDetails: 'Prompting with Parkinson’s medication at 6 pm, from a pharmacy blister pack.',
      payingForCareType: 'HOME_CARE_PACKAGE',
      hourlyRate: 5_800,
      clientName: 'Harold Bishop',
      htmlDescription:
        '<p>Harold is a retired engineer with Parkinson’s who lives with his wife. He needs a hand with dinner, ' +
        'his evening medication prompt and getting ready for bed, four evenings a week.</p>',
    },
  },
  {
    key: 'bondi',
    suburb: 'Bondi',
    postcode: '2026',
    daysAgo: 12,
    fields: {
      title: 'Support worker for my sister with MS in Bondi',
      supportCategory: 'DISABILITY',
      supportType: ['MS', 'CFDA'],
      careFor: 'Immediate Family',
      availability: week({ mon: ['afternoon'], wed: ['afternoon'], fri: ['afternoon'] }),
      approxHoursPerWeek: 9,
      tasks: ['CTP', 'COOK', 'CTE'],
      payingForCareType: 'NDIS_PLAN_MANAGED',
      hourlyRate: 6_500,
      goal: 'Get back to the beach walks she loves.',
      isGoalVisible: true,
      htmlDescription:
        '<p>My sister Kate is 44 and has multiple sclerosis. She works from home and needs help in the afternoons ' +
        'with personal care, cooking and getting out for a walk along the beach when she is up to it.</p>',
    },
  },
  {
    key: 'wollongong',
    suburb: 'Wollongong',
    postcode: '2500',
    daysAgo: 15,
    fields: {
      title: 'Friendly company for Dad in Wollongong',
      supportCategory: 'AGED_CARE',
      supportType: ['AGEDGEN'],
      careFor: 'Immediate Family',
      availability: week({ sat: ['morning'] }),
      approxHoursPerWeek: 3,
      tasks: ['CA'],
      payingForCareType: 'PRIVATE',
      hourlyRate: 4_500,
      htmlDescription:
        '<p>Dad is 90, sharp as a tack and a little lonely since Mum passed. He would love a Saturday morning visitor ' +
        'to share the crossword and a cuppa.</p>',
    },
  },
  {
    key: 'surry-hills-closed',
    suburb: 'Surry Hills',
    postcode: '2010',
    daysAgo: 40,
    closed: true,
    fields: {
      title: 'Overnight support after a hospital stay in Surry Hills',
      supportCategory: 'OTHER_CARE',
      supportType: ['POC'],
      careFor: 'Friend',
      availability: week({ mon: ['evening'], tue: ['evening'] }),
      payingForCareType: 'PRIVATE',
      htmlDescription: '<p>Two weeks of overnight support for a friend coming home from hospital after surgery.</p>',
    },
  },
];

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

const applicantRowSchema = z.object({ id: z.string() });

/** Generated workers who would apply for the job: active, with a skill it needs, nearest first. */
async function likelyApplicants(tx: DbTransaction, jobId: string, exclude: readonly string[], count: number): Promise<string[]> {
  const result = await tx.execute(sql`
    select wp.user_id::text as id
    from jobs j, worker_profiles wp
    where j.id = ${jobId}::uuid and wp.status = 'ACTIVE' and wp.skills && j.support_type and wp.latitude is not null
      and not (wp.user_id = any(${`{${exclude.join(',')}}`}::uuid[]))
    order by earth_distance(ll_to_earth(j.latitude, j.longitude), ll_to_earth(wp.latitude, wp.longitude)), wp.user_id
    limit ${count}`);
  return z.array(applicantRowSchema).parse(result.rows).map((row) => row.id);
}

const applicationMessages = [
  'Hello! I live close by and have supported older people at home for five years, including people living with dementia. I would love to meet for a cuppa and see if we are a good fit.',
  'Hi, I am a patient and reliable support worker with my own car and current first aid. Your description sounds like exactly the kind of work I enjoy most.',
  'Good morning. I have worked with autistic young people for three years and I am a bit of a train fan myself. I am free most weekends.',
];

export interface DemoJobPeople {
  careSeekerId: string;
  workerId: string;
}

/** Seeds the demo care seeker's jobs, a few applications from generated workers and an invitation for the demo worker. */
export async function insertDemoJobs(tx: DbTransaction, people: DemoJobPeople, places: readonly SeedLocality[], now: Date): Promise<number> {
  const idByKey = new Map<string, string>();
  for (const [index, demo] of demoJobs.entries()) {
    const place = places.find((l) => l.suburb === demo.suburb && l.postcode === demo.postcode);
    if (!place) throw new Error(`Locality ${demo.suburb} ${demo.postcode} is missing`);
    const f = demo.fields;
    const postedAt = daysAgo(now, demo.daysAgo);
    const [row] = await tx
      .insert(jobs)
      .values({
        ownerId: people.careSeekerId,
        postedByUserId: people.careSeekerId,
        // Deterministic draft ids, one per demo job.
        draftId: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
        status: demo.closed ? 'CLOSED' : 'OPEN',
        supportCategory: f.supportCategory,
        supportType: f.supportType,
        careFor: f.careFor,
        searcherRole: f.searcherRole ?? null,
        location: placeLabel(place),
        localityId: place.id,
        latitude: place.latitude,
        longitude: place.longitude,
        locationType: f.locationType ?? 'ANY',
        availability: f.availability,
        approxHoursPerDay: f.approxHoursPerDay ?? null,
        approxHoursPerWeek: f.approxHoursPerWeek ?? null,
        gender: f.gender ?? 'ANY',
        experience: f.experience ?? 'ANY',
        tasks: f.tasks ?? [],
        otherRequirements: f.other_requirements ?? [],
        languages: f.languages ?? [],
        medicationRequired: f.medicationRequired ?? false,
        medicationDetails: f.medicationDetails ?? '',
        restrictivePractices: f.restrictivePractices ?? 'UNSURE',
        goal: f.goal ?? '',
        isGoalVisible: f.isGoalVisible ?? true,
        payingForCareType: f.payingForCareType ?? 'NONE',
        hourlyRateCents: f.hourlyRate ?? null,
        ndisFundingCode: f.ndisFundingCode ?? '',
        clientName: f.clientName ?? '',
        title: f.title,
        htmlDescription: f.htmlDescription,
        summary: htmlToPlainText(f.htmlDescription),
        postedAt,
        updatedAt: postedAt,
        closedAt: demo.closed ? daysAgo(now, demo.daysAgo - 14) : null,
      })
      .returning({ id: jobs.id });
    if (!row) throw new Error(`Demo job ${demo.key} was not inserted`);
    idByKey.set(demo.key, row.id);
  }
  const id = (key: string) => {
    const value = idByKey.get(key);
    if (!value) throw new Error(`No demo job ${key}`);
    return value;
  };

  const taken = [people.workerId];
  const applications: (typeof jobApplications.$inferInsert)[] = [];
  for (const [key, count, hoursAfter] of [
    ['marrickville', 2, 5],
    ['newtown', 1, 20],
    ['parramatta', 1, 30],
  ] as const) {
    const jobId = id(key);
    const demo = demoJobs.find((j) => j.key === key);
    for (const [n, workerId] of (await likelyApplicants(tx, jobId, taken, count)).entries()) {
      const appliedAt = new Date(daysAgo(now, demo?.daysAgo ?? 0).getTime() + (hoursAfter + n * 3) * 3_600_000);
      applications.push({
        jobId,
        workerId,
        message: applicationMessages[(applications.length + (key === 'newtown' ? 2 : 0)) % applicationMessages.length] ?? '',
        status: 'PENDING',
        appliedAt,
        updatedAt: appliedAt,
      });
      taken.push(workerId);
    }
  }
  if (applications.length > 0) await tx.insert(jobApplications).values(applications);
  // The Parramatta applicant is shortlisted: on the care seeker's shortlist, which My workers shows too.
  const shortlisted = applications.filter((application) => application.jobId === id('parramatta'));
  if (shortlisted.length > 0) {
    await tx
      .insert(shortlistItems)
      .values(shortlisted.map((application) => ({ userId: people.careSeekerId, workerId: application.workerId, createdAt: application.updatedAt })))
      .onConflictDoNothing();
  }
  await tx.insert(jobInvitations).values({
    jobId: id('bondi'),
    workerId: people.workerId,
    invitedByUserId: people.careSeekerId,
    message: 'Hi Maya, your profile mentions MS experience and Kate would love someone warm and organised. Would you like to apply?',
    invitedAt: daysAgo(now, 11),
  });
  return demoJobs.length;
}
