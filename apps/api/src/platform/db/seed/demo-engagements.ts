import { and, asc, eq, ne } from 'drizzle-orm';
import { DEFAULT_CANCELLATION_POLICY, DEFAULT_TERMINATION_POLICY } from '@tendly/domain/api/contracts';
import { addDaysToDate, instantToLocalDate, localToInstant } from '@tendly/domain/shift-time';
import { stateTimeZone } from '@tendly/domain/states';
import type { DbTransaction } from '../client';
import { bookings, contracts, conversations, messages, shifts } from '../schema/engagements';
import { workerProfiles } from '../schema/workers';

/**
 * What the demo care seeker (Helen, in Parramatta) and the demo worker (Maya) have agreed
 * (issue 13), so the messages, bookings and calendar screens are alive on a first start: a
 * conversation, an active service agreement signed a month ago, and Tuesday-morning shifts from
 * three weeks back to three months ahead (the past ones confirmed, the next two confirmed, the
 * rest waiting for Maya, one cancelled at short notice). Helen also has a conversation with a
 * generated worker she asked about overnight support. Times are Sydney local times.
 */

const DAY_MS = 86_400_000;
const SYDNEY = stateTimeZone('NSW');

export interface DemoEngagementPeople {
  careSeekerId: string;
  workerId: string;
}

const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** The local date (YYYY-MM-DD) of the Tuesday on or before `date`, in Sydney. */
function tuesdayOnOrBefore(date: Date): string {
  const local = instantToLocalDate(date, SYDNEY);
  const [year, month, day] = local.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day));
  const back = (utc.getUTCDay() - 2 + 7) % 7;
  return new Date(utc.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

export async function seedDemoEngagements(tx: DbTransaction, people: DemoEngagementPeople, now: Date): Promise<void> {
  const { careSeekerId, workerId } = people;
  const signedAt = daysFrom(now, -28);

  const [contract] = await tx
    .insert(contracts)
    .values({
      careSeekerId,
      workerId,
      offeredByUserId: careSeekerId,
      status: 'ACTIVE',
      fundingType: 'PRIVATE',
      clientName: 'Helen Carter',
      clientState: 'NSW',
      clientPostcode: '2150',
      clientMmmClass: 1,
      supportRequired: ['CA', 'CTE', 'MEAL'],
      supportDetails:
        'Tuesday mornings: a drive to Helen’s appointments and the shops at Westfield Parramatta, help carrying the shopping in, and a simple lunch together before Maya leaves.',
      weekdayRateCents: 5500,
      saturdayRateCents: 7700,
      sundayRateCents: 9400,
      publicHolidayRateCents: 11_800,
      eveningRateCents: 6050,
      overnightRateCents: null,
      travelPerKmCents: 95,
      startDate: instantToLocalDate(daysFrom(now, -30), SYDNEY),
      endDate: null,
      cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
      terminationPolicy: DEFAULT_TERMINATION_POLICY,
      note: 'Helen uses a walking frame: please park close to the door.',
      emergencyContacts: [{ nameOfContact: 'James Carter', relationshipToCareseeker: 'Son', phoneNumber: '0400 111 222' }],
      offeredAt: daysFrom(now, -30),
      signedName: 'Maya Fernando',
      signedAt,
      signedIp: '203.0.113.24',
      updatedAt: signedAt,
    })
    .returning({ id: contracts.id });
  if (!contract) throw new Error('The demo contract was not inserted');

  const firstDate = tuesdayOnOrBefore(daysFrom(now, -21));
  const lastDate = addDaysToDate(firstDate, 7 * 16);
  const [booking] = await tx
    .insert(bookings)
    .values({
      contractId: contract.id,
      createdByUserId: careSeekerId,
      timeZone: SYDNEY,
      firstStartLocal: `${firstDate}T09:00`,
      firstEndLocal: `${firstDate}T12:00`,
      repeat: 'WEEKLY',
      repeatUntil: lastDate,
      note: 'Appointments first, then the shops.',
      createdAt: daysFrom(now, -27),
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('The demo booking was not inserted');

  const rows: (typeof shifts.$inferInsert)[] = [];
  let upcomingConfirmed = 0;
  for (let week = 0; week <= 16; week += 1) {
    const date = addDaysToDate(firstDate, 7 * week);
    const startsAt = localToInstant(`${date}T09:00`, SYDNEY);
    const endsAt = localToInstant(`${date}T12:00`, SYDNEY);
    const past = endsAt < now;
    const cancelledShortNotice = week === 6;
    const confirmed = past || (!cancelledShortNotice && upcomingConfirmed < 2);
    if (!past && confirmed) upcomingConfirmed += 1;
    const base = { bookingId: booking.id, contractId: contract.id, workerId, careSeekerId, startsAt, endsAt, timeZone: SYDNEY, createdAt: daysFrom(now, -27) };
    if (cancelledShortNotice) {
      const cancelledAt = new Date(startsAt.getTime() - 2 * DAY_MS);
      rows.push({
        ...base,
        status: 'CANCELLED',
        statusChangedAt: cancelledAt < now ? cancelledAt : daysFrom(now, -1),
        cancelledAt: cancelledAt < now ? cancelledAt : daysFrom(now, -1),
        cancelledByUserId: careSeekerId,
        cancelledBySide: 'CARE_SEEKER',
        cancellationReason: 'I have a hospital appointment that morning and my son is taking me.',
        cancellationReasonCode: 'NSDH',
        shortNotice: true,
      });
    } else {
      rows.push({ ...base, status: confirmed ? 'CONFIRMED' : 'UNCONFIRMED', statusChangedAt: confirmed ? daysFrom(now, -26) : daysFrom(now, -27) });
    }
  }
  await tx.insert(shifts).values(rows);

  await insertConversation(tx, { careSeekerId, workerId, now, lines: mayaConversation, workerHasRead: false });

  const [other] = await tx
    .select({ userId: workerProfiles.userId })
    .from(workerProfiles)
    .where(and(eq(workerProfiles.status, 'ACTIVE'), ne(workerProfiles.userId, workerId)))
    .orderBy(asc(workerProfiles.userId))
    .limit(1);
  if (other) await insertConversation(tx, { careSeekerId, workerId: other.userId, now, lines: overnightConversation, workerHasRead: true });
}

interface Line {
  from: 'CS' | 'CR';
  text: string;
  /** Hours before now. */
  hoursAgo: number;
}

const mayaConversation: Line[] = [
  { from: 'CS', hoursAgo: 24 * 31, text: 'Hello Maya, I read your profile and I think you would be a lovely help on Tuesday mornings. Would you be able to drive me to my appointments and the shops?' },
  { from: 'CR', hoursAgo: 24 * 31 - 3, text: 'Hi Helen, thank you for getting in touch! Tuesday mornings suit me well. I can pick you up at 9 and we can plan the appointments together each week.' },
  { from: 'CS', hoursAgo: 24 * 30, text: 'Wonderful. I have sent you a service agreement through the site. Let me know if anything in it needs changing.' },
  { from: 'CR', hoursAgo: 24 * 28, text: 'All signed. See you on Tuesday at 9!' },
  { from: 'CS', hoursAgo: 5, text: 'Maya, could we stop at the chemist on Tuesday as well? My new prescription is ready.' },
];

const overnightConversation: Line[] = [
  { from: 'CS', hoursAgo: 24 * 3, text: 'Hello, my son sometimes stays with me and may need help overnight once a month. Do you do sleepovers in Parramatta?' },
  { from: 'CR', hoursAgo: 24 * 2, text: 'Hi Helen, yes I do. Happy to have a chat about what he needs before we set anything up.' },
];

async function insertConversation(
  tx: DbTransaction,
  options: { careSeekerId: string; workerId: string; now: Date; lines: readonly Line[]; workerHasRead: boolean },
): Promise<void> {
  const { careSeekerId, workerId, now, lines } = options;
  const at = (line: Line) => new Date(now.getTime() - line.hoursAgo * 3_600_000);
  const first = lines[0];
  const last = lines.at(-1);
  if (!first || !last) return;
  const [conversation] = await tx
    .insert(conversations)
    .values({
      careSeekerId,
      workerId,
      startedByUserId: careSeekerId,
      createdAt: at(first),
      lastMessageAt: at(last),
      careSeekerReadAt: at(last),
      workerReadAt: options.workerHasRead ? at(last) : new Date(at(last).getTime() - 1000),
      // The unread message is old news: no email about it on a fresh start.
      workerEmailedAt: at(last),
    })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error('The demo conversation was not inserted');
  await tx.insert(messages).values(
    lines.map((line) => ({
      conversationId: conversation.id,
      senderId: line.from === 'CS' ? careSeekerId : workerId,
      actedByUserId: line.from === 'CS' ? careSeekerId : workerId,
      body: line.text,
      createdAt: at(line),
    })),
  );
}
