import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stateCodes } from '@tendly/domain/states';
import { claimsOverview } from '../../../features/ndis-claims/ndis-claims-service';
import { checkLedger } from '../../ledger/check-ledger';
import { sendFunderInvoice } from '../../payments/funder-invoices';
import { supportCoordinatorLinks, users } from '../schema/accounts';
import { localities } from '../schema/reference';
import { workerReviews } from '../schema/search';
import { workerProfiles } from '../schema/workers';
import type { FileStore } from '../../files/file-store';
import { createLocalFileStore } from '../../files/local-file-store';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { DEMO_NDIS_NUMBER, DEMO_PLAN_MANAGER } from './demo-ndis';
import { buildDemoWorkers, workersPerState, type SeedLocality } from './demo-workers';
import { createRandom } from './random';
import { demoAccountEmails, demoPassword, seedDemoData } from './seed-demo-data';

describe('seedDemoData', () => {
  let database: TestDatabase;
  let first: Awaited<ReturnType<typeof seedDemoData>>;
  let filesDir: string;
  let fileStore: FileStore;
  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(os.tmpdir(), 'tendly-seed-files-'));
    fileStore = createLocalFileStore(filesDir);
    database = await createTestDatabase({ referenceData: true });
    first = await seedDemoData(database.db, { workerCount: 420, fileStore, encryption: {} });
  });
  afterAll(async () => {
    await database.dispose();
    await rm(filesDir, { recursive: true, force: true });
  });

  const account = async (email: string) => {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`${email} was not seeded`);
    return row;
  };

  it('creates the ten demo accounts with their roles, status and verification', async () => {
    expect(first).toEqual({ seeded: true, workers: 420 });
    const expected = [
      [demoAccountEmails.careSeeker, 'CS', 'ACTIVE', true],
      [demoAccountEmails.worker, 'CR', 'ACTIVE', true],
      [demoAccountEmails.inactiveWorker, 'CR', 'ACTIVE', true],
      [demoAccountEmails.coordinator, 'SUPPORT', 'ACTIVE', true],
      [demoAccountEmails.admin, 'ADMIN', 'ACTIVE', true],
      [demoAccountEmails.unverified, 'CS', 'ACTIVE', false],
      [demoAccountEmails.deactivated, 'CS', 'DEACTIVATED', true],
      [demoAccountEmails.ndisWorker, 'CR', 'ACTIVE', true],
      [demoAccountEmails.ndisParticipant, 'CS', 'ACTIVE', true],
      [demoAccountEmails.planManaged, 'CS', 'ACTIVE', true],
    ] as const;
    expect(new Set(Object.values(demoAccountEmails)).size).toBe(expected.length);
    for (const [email, role, status, isVerified] of expected) {
      const row = await account(email);
      expect({ email, role: row.role, status: row.status, isVerified: row.emailVerifiedAt !== null }).toEqual({
        email,
        role,
        status,
        isVerified,
      });
    }
    const deactivated = await account(demoAccountEmails.deactivated);
    expect(deactivated.deactivatedAt).toBeInstanceOf(Date);
    expect(deactivated.deactivatedReason).toMatch(/deactivated by an admin/i);
    expect((await account(demoAccountEmails.coordinator)).organisation).toBeTruthy();
  });

  it('stores an argon2id hash of the demo password', async () => {
    const row = await account(demoAccountEmails.admin);
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    await expect(verify(row.passwordHash, demoPassword)).resolves.toBe(true);
    await expect(verify(row.passwordHash, 'wrong-password')).resolves.toBe(false);
  });

  it('links the coordinator to the care seeker', async () => {
    const coordinator = await account(demoAccountEmails.coordinator);
    const careSeeker = await account(demoAccountEmails.careSeeker);
    const links = await database.db
      .select()
      .from(supportCoordinatorLinks)
      .where(
        and(
          eq(supportCoordinatorLinks.coordinatorId, coordinator.id),
          eq(supportCoordinatorLinks.clientId, careSeeker.id),
        ),
      );
    expect(links).toHaveLength(1);
    expect(links[0]?.status).toBe('ACTIVE');
  });

  it('gives the demo workers an active Sydney profile and an inactive one', async () => {
    const [active] = await database.db
      .select({ status: workerProfiles.status, suburb: localities.suburb, state: localities.state, rate: workerProfiles.weekdayRateCents })
      .from(workerProfiles)
      .innerJoin(users, eq(users.id, workerProfiles.userId))
      .innerJoin(localities, eq(localities.id, workerProfiles.localityId))
      .where(eq(users.email, demoAccountEmails.worker));
    expect(active).toMatchObject({ status: 'ACTIVE', suburb: 'Sydney', state: 'NSW' });
    expect(active?.rate).toBeGreaterThan(0);
    const [inactive] = await database.db
      .select({ status: workerProfiles.status })
      .from(workerProfiles)
      .innerJoin(users, eq(users.id, workerProfiles.userId))
      .where(eq(users.email, demoAccountEmails.inactiveWorker));
    expect(inactive?.status).toBe('INACTIVE');
  });

  it('spreads the generated workers over every state, each on a real locality', async () => {
    const rows = await database.db
      .select({ state: localities.state, n: sql<number>`count(*)::int` })
      .from(workerProfiles)
      .innerJoin(users, eq(users.id, workerProfiles.userId))
      .innerJoin(localities, eq(localities.id, workerProfiles.localityId))
      .where(like(users.email, 'worker.%@demo.tendly.test'))
      .groupBy(localities.state);
    const byState = new Map(rows.map((r) => [r.state, r.n]));
    expect([...byState.values()].reduce((a, b) => a + b, 0)).toBe(420);
    for (const state of stateCodes) expect(byState.get(state) ?? 0).toBeGreaterThanOrEqual(10);
    const [orphans] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workerProfiles)
      .where(isNull(workerProfiles.localityId));
    expect(orphans?.n).toBe(0);
  });

  it('writes varied, believable profiles', async () => {
    const rows = await database.db.select().from(workerProfiles);
    for (const row of rows) {
      expect(row.bio?.length ?? 0).toBeGreaterThanOrEqual(250);
      expect(row.bio?.length ?? 0).toBeLessThanOrEqual(900);
      expect(row.languages).toContain('en');
      expect(row.avatarUrl).toMatch(/^\/api\/avatars\/[a-z0-9-]+\.svg$/);
    }
    expect(new Set(rows.map((r) => r.bio)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.gender))).toEqual(new Set(['FEMALE', 'MALE', 'NON_BINARY']));
    const inactive = rows.filter((r) => r.status === 'INACTIVE').length / rows.length;
    expect(inactive).toBeGreaterThan(0.03);
    expect(inactive).toBeLessThan(0.15);
  });

  it('gives reviewed workers a few varied reviews, and each profile the rating and count of its reviews', async () => {
    const result = await database.db.execute(sql`
      select wp.rating::float8 as rating, wp.review_count as "reviewCount",
             count(r.id)::int as "reviews", round(avg(r.rating), 2)::float8 as "average"
      from worker_profiles wp left join worker_reviews r on r.worker_id = wp.user_id
      group by wp.user_id`);
    const profiles = z
      .array(z.object({ rating: z.number().nullable(), reviewCount: z.number(), reviews: z.number(), average: z.number().nullable() }))
      .parse(result.rows);
    for (const profile of profiles) {
      expect(profile.reviewCount).toBe(profile.reviews);
      expect(profile.rating).toBe(profile.average);
      expect(profile.reviews).toBeLessThanOrEqual(6);
    }
    const reviewed = profiles.filter((p) => p.reviews > 0).length / profiles.length;
    expect(reviewed).toBeGreaterThan(0.5);
    expect(reviewed).toBeLessThan(0.9);
    const comments = await database.db.select({ comment: workerReviews.comment, rating: workerReviews.rating }).from(workerReviews);
    expect(new Set(comments.map((c) => c.comment)).size).toBeGreaterThan(comments.length * 0.9);
    expect(new Set(comments.map((c) => c.rating))).toEqual(new Set([2, 3, 4, 5]));
    // The demo care seeker reviewed the demo worker.
    const [byCareSeeker] = await database.db
      .select({ author: workerReviews.authorFirstName })
      .from(workerReviews)
      .innerJoin(users, eq(users.id, workerReviews.authorUserId))
      .where(eq(users.email, demoAccountEmails.careSeeker));
    expect(byCareSeeker?.author).toBe('Helen');
  });

  it('posts open demo jobs for the demo care seeker, several near the demo worker needing her skills, with a few applications', async () => {
    const result = await database.db.execute(sql`
      select j.title, j.status::text as status, j.owner_id = cs.id as "isTheCareSeekers",
        j.support_type && wp.skills as "matchesMaya",
        earth_distance(ll_to_earth(j.latitude, j.longitude), ll_to_earth(wp.latitude, wp.longitude)) / 1000 as km,
        (select count(*)::int from job_applications a where a.job_id = j.id) as applications,
        exists (select 1 from job_applications a where a.job_id = j.id and a.worker_id = wp.user_id) as "mayaApplied"
      from jobs j, users cs, worker_profiles wp join users maya on maya.id = wp.user_id
      where cs.email = ${demoAccountEmails.careSeeker} and maya.email = ${demoAccountEmails.worker}
      order by j.posted_at desc`);
    const rows = z
      .array(z.object({ title: z.string(), status: z.string(), isTheCareSeekers: z.boolean(), matchesMaya: z.boolean(), km: z.number(), applications: z.number(), mayaApplied: z.boolean() }))
      .parse(result.rows);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((row) => row.isTheCareSeekers && !row.mayaApplied)).toBe(true);
    const open = rows.filter((row) => row.status === 'OPEN');
    expect(open.filter((row) => row.matchesMaya && row.km <= 25).length).toBeGreaterThanOrEqual(3);
    expect(open.some((row) => row.km > 50)).toBe(true);
    expect(rows.some((row) => row.status === 'CLOSED')).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.applications, 0)).toBeGreaterThanOrEqual(3);
    const invitations = await database.db.execute(sql`
      select count(*)::int as count from job_invitations i join users u on u.id = i.worker_id where u.email = ${demoAccountEmails.worker}`);
    expect(invitations.rows).toEqual([{ count: 1 }]);
  });

  it('gives the approved demo worker current, approved documents with their files, and queues the applicant for review', async () => {
    const documents = z
      .array(z.object({ email: z.string(), kind: z.string(), status: z.string(), expires: z.string().nullable(), storageKey: z.string() }))
      .parse(
        (
          await database.db.execute(sql`
            select u.email, d.kind, d.status, d.expires_on::text as expires, f.storage_key as "storageKey"
            from worker_documents d join users u on u.id = d.worker_id join stored_files f on f.id = d.file_id
            order by u.email, d.kind`)
        ).rows,
      );
    const of = (email: string) => documents.filter((d) => d.email === email);
    expect(of(demoAccountEmails.worker).map((d) => d.kind)).toEqual(
      expect.arrayContaining(['NDIS_WORKER_SCREENING', 'POLICE_CHECK', 'WORKING_WITH_CHILDREN']),
    );
    expect(of(demoAccountEmails.worker).every((d) => d.status === 'APPROVED')).toBe(true);
    expect(of(demoAccountEmails.inactiveWorker).every((d) => d.status === 'PENDING')).toBe(true);
    for (const document of documents) {
      const bytes = await fileStore.get(document.storageKey);
      expect(bytes?.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const maya = await database.db.select().from(workerProfiles).where(eq(workerProfiles.userId, (await account(demoAccountEmails.worker)).id));
    expect(maya[0]?.approvedAt).toBeInstanceOf(Date);
    const tom = await database.db.select().from(workerProfiles).where(eq(workerProfiles.userId, (await account(demoAccountEmails.inactiveWorker)).id));
    expect(tom[0]?.submittedForReviewAt).toBeInstanceOf(Date);
    expect(tom[0]?.approvedAt).toBeNull();
    expect(tom[0]?.status).toBe('INACTIVE');
  });

  it('gives both demo workers two referees and tax details, the bank account number only encrypted', async () => {
    const result = await database.db.execute(sql`
      select u.email, (select count(*)::int from worker_referees r where r.worker_id = u.id) as referees,
             t.account_number_encrypted as encrypted, t.account_number_last_digits as last
      from users u join worker_tax_details t on t.worker_id = u.id
      where u.email in (${demoAccountEmails.worker}, ${demoAccountEmails.inactiveWorker}) order by u.email`);
    const rows = z.array(z.object({ email: z.string(), referees: z.number(), encrypted: z.string(), last: z.string() })).parse(result.rows);
    expect(rows.map((row) => [row.email, row.referees])).toEqual([
      [demoAccountEmails.inactiveWorker, 2],
      [demoAccountEmails.worker, 2],
    ]);
    for (const row of rows) {
      expect(row.encrypted.startsWith('v1.')).toBe(true);
      expect(row.encrypted).not.toMatch(/12345678|987654321/);
    }
  });

  it('has one active worker whose police check lapses in 10 days', async () => {
    const result = await database.db.execute(sql`
      select count(*)::int as count from worker_documents d join worker_profiles p on p.user_id = d.worker_id
      where d.kind = 'POLICE_CHECK' and d.status = 'APPROVED' and p.status = 'ACTIVE'
        and d.expires_on = (now() at time zone 'Australia/Sydney')::date + 10`);
    expect(result.rows).toEqual([{ count: 1 }]);
  });

  it('gives the demo care seeker and worker an active agreement with weekly Tuesday shifts, and conversations', async () => {
    const helen = await account(demoAccountEmails.careSeeker);
    const maya = await account(demoAccountEmails.worker);
    const contracts = await database.db.execute(sql`
      select status, signed_name from contracts where care_seeker_id = ${helen.id} and worker_id = ${maya.id}`);
    expect(contracts.rows).toEqual([{ status: 'ACTIVE', signed_name: 'Maya Fernando' }]);
    const shifts = await database.db.execute<{ local: string; status: string; short_notice: boolean; upcoming: boolean }>(sql`
      select to_char(starts_at at time zone 'Australia/Sydney', 'Dy HH24:MI') as local, status::text, short_notice,
             ends_at > now() as upcoming
      from shifts where worker_id = ${maya.id} order by starts_at`);
    expect(shifts.rows).toHaveLength(17);
    expect(new Set(shifts.rows.map((row) => row.local))).toEqual(new Set(['Tue 09:00']));
    expect(shifts.rows.filter((row) => row.status === 'CANCELLED')).toEqual([expect.objectContaining({ short_notice: true })]);
    // Not yet ended, as the seed counts them: on a Tuesday morning in Sydney the shift under way is the first of the two confirmed.
    expect(shifts.rows.filter((row) => !row.upcoming).every((row) => row.status === 'CONFIRMED')).toBe(true);
    const upcoming = shifts.rows.filter((row) => row.upcoming && row.status !== 'CANCELLED');
    expect(upcoming.slice(0, 2).map((row) => row.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(upcoming.slice(2).every((row) => row.status === 'UNCONFIRMED')).toBe(true);
    const conversations = await database.db.execute<{ messages: number }>(sql`
      select (select count(*)::int from messages m where m.conversation_id = c.id) as messages
      from conversations c where c.care_seeker_id = ${helen.id} order by c.last_message_at desc`);
    expect(conversations.rows).toEqual([{ messages: 5 }, { messages: 2 }]);
  });

  it('gives Maya one invoiced set of hours for Helen, one waiting for approval, and past shifts still to record', async () => {
    const helen = await account(demoAccountEmails.careSeeker);
    const maya = await account(demoAccountEmails.worker);
    const hours = await database.db.execute<{ status: string; invoice: string | null; note: string | null }>(sql`
      select t.status::text, i.number::text as invoice, n.body as note
      from timesheets t
      left join invoices i on i.timesheet_id = t.id
      left join shift_notes n on n.timesheet_id = t.id and n.shared_at is not null
      where t.worker_id = ${maya.id} and t.care_seeker_id = ${helen.id} order by t.starts_at`);
    expect(hours.rows.map((row) => [row.status, row.invoice])).toEqual([
      ['APPROVED', '1'],
      ['SUBMITTED', null],
    ]);
    expect(hours.rows.every((row) => (row.note ?? '').length > 50)).toBe(true);
    const [invoice] = (
      await database.db.execute<{ total: number; fee: number; hourly: number; lines: number }>(sql`
        select total_cents as total, platform_fee_cents as fee, hourly_cents as hourly,
               (select count(*)::int from invoice_lines l where l.invoice_id = i.id) as lines
        from invoices i where i.worker_id = ${maya.id}`)
    ).rows;
    // 2.5 hours of weekday daytime at $55, 18.4 km at 95c, $6.50 parking: $137.50 + $17.48 + $6.50.
    expect(invoice).toMatchObject({ total: 16_148, hourly: 13_750, fee: 1_238, lines: 3 });
    const unrecorded = await database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from shifts s
      where s.worker_id = ${maya.id} and s.status = 'CONFIRMED' and s.ends_at < now()
        and not exists (select 1 from timesheets t where t.shift_id = s.id)`);
    expect(unrecorded.rows[0]?.count).toBeGreaterThanOrEqual(1);
  });

  it('gives Samira two NDIS participants: agency-managed invoices waiting to be claimed, a plan-managed one sent to the plan manager', async () => {
    const samira = await account(demoAccountEmails.ndisWorker);
    const ben = await account(demoAccountEmails.ndisParticipant);
    const grace = await account(demoAccountEmails.planManaged);
    expect([samira.role, ben.role, grace.role]).toEqual(['CR', 'CS', 'CS']);
    const agreements = await database.db.execute<{ client: string; funding: string; status: string; rates: number }>(sql`
      select c.client_name as client, c.funding_type as funding, c.status::text as status,
             (select count(*)::int from contract_ndis_rates r where r.contract_id = c.id and r.line_item = 'SELF_CARE' and r.amount_cents <= 7023) as rates
      from contracts c where c.worker_id = ${samira.id} order by c.client_name`);
    expect(agreements.rows).toEqual([
      { client: 'Ben Whitfield', funding: 'NDIS_AGENCY_MANAGED', status: 'ACTIVE', rates: 1 },
      { client: 'Grace Tan', funding: 'NDIS_PLAN_MANAGED', status: 'ACTIVE', rates: 1 },
    ]);

    const invoices = await database.db.execute<{ number: number; clientId: string; funding: string; status: string; claimed: boolean; total: number; fee: number; unclaimable: number }>(sql`
      select i.number, i.care_seeker_id as "clientId", i.funding_type as funding, i.status::text as status, i.ndis_claimed as claimed,
             i.total_cents as total, i.platform_fee_cents as fee,
             (select count(*)::int from invoice_lines l where l.invoice_id = i.id and l.support_item_number is null) as unclaimable
      from invoices i join timesheets t on t.id = i.timesheet_id
      where i.worker_id = ${samira.id} and t.status = 'APPROVED' order by i.number`);
    expect(invoices.rows.map((row) => [row.number, row.clientId, row.funding, row.status, row.claimed])).toEqual([
      [1, ben.id, 'NDIS_AGENCY_MANAGED', 'ISSUED', false],
      [2, grace.id, 'NDIS_PLAN_MANAGED', 'ISSUED', false],
      [3, ben.id, 'NDIS_AGENCY_MANAGED', 'ISSUED', false],
    ]);
    for (const invoice of invoices.rows) {
      expect(invoice.unclaimable).toBe(0);
      expect(invoice.total).toBeGreaterThan(0);
      expect(invoice.fee).toBeGreaterThan(0);
    }
    // Self-care hours at the agreed NDIS rate, under the price limit and GST-free: nothing capped.
    const lines = await database.db.execute<{ kind: string; item: string; price: number; limit: number | null; capped: boolean; gst: string }>(sql`
      select l.kind::text as kind, l.support_item_number as item, l.unit_price_cents as price, l.price_limit_cents as limit,
             l.capped, l.gst_code::text as gst
      from invoice_lines l join invoices i on i.id = l.invoice_id where i.worker_id = ${samira.id}`);
    expect(lines.rows).toHaveLength(3);
    for (const line of lines.rows) {
      expect(line).toMatchObject({ kind: 'SERVICE', capped: false, gst: 'P2' });
      expect(line.item).toMatch(/^01_0\d\d_0107_1_1$/);
      expect(line.price).toBeLessThanOrEqual(line.limit ?? 0);
    }

    const funding = await database.db.execute<{ userId: string; ndis: string | null; manager: string | null }>(sql`
      select user_id as "userId", ndis_number as ndis, plan_manager_email as manager from funding_details
      where user_id in (${ben.id}, ${grace.id})`);
    expect(funding.rows).toEqual(
      expect.arrayContaining([
        { userId: ben.id, ndis: DEMO_NDIS_NUMBER, manager: null },
        expect.objectContaining({ userId: grace.id, manager: DEMO_PLAN_MANAGER.email }),
      ]),
    );
    expect(DEMO_NDIS_NUMBER).toMatch(/^\d{9}$/);

    // The administrator's NDIA claims page has Ben's two invoices to export, and nothing it must skip.
    const overview = await claimsOverview(database.db);
    expect(overview.unclaimed.invoiceCount).toBe(2);
    expect(overview.unclaimed.totalCents).toBe(invoices.rows.filter((row) => row.funding === 'NDIS_AGENCY_MANAGED').reduce((sum, row) => sum + row.total, 0));
    expect(overview.skipped).toEqual([]);

    // Issuing Grace's invoice queued its payment job: the email of its PDF to her plan manager.
    const jobs = await database.db.execute<{ invoiceId: string }>(sql`
      select i.id as "invoiceId" from background_jobs j join invoices i on i.id::text = j.payload->>'invoiceId'
      where j.type = 'payments.invoice-issued' and j.status = 'PENDING' and i.care_seeker_id = ${grace.id}`);
    expect(jobs.rows).toHaveLength(1);
    // What that job does once the server has started: the PDF goes to the plan manager, once.
    const site = { brandName: 'Tendly', supportEmail: 'support@example.com', supportPhone: '1300 000 000', publicUrl: 'http://localhost', bankAccount: { accountName: 'Tendly Pty Ltd', bsb: '062-000', accountNumber: '10203040' } };
    await expect(sendFunderInvoice(database.db, site, jobs.rows[0]!.invoiceId)).resolves.toBe('sent');
    const mail = await database.db.execute<{ subject: string; attachments: { fileName: string }[] }>(sql`
      select subject, attachments from mail_outbox where to_address = ${DEMO_PLAN_MANAGER.email}`);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]?.attachments.map((file) => file.fileName)).toEqual([expect.stringMatching(/\.pdf$/)]);

    // Samira can be paid: an ABN and a bank account, its number only encrypted.
    const [tax] = (
      await database.db.execute<{ abn: string; bsb: string; encrypted: string; last: string }>(sql`
        select abn, bsb, account_number_encrypted as encrypted, account_number_last_digits as last from worker_tax_details where worker_id = ${samira.id}`)
    ).rows;
    expect(tax).toMatchObject({ abn: expect.stringMatching(/^\d{11}$/), bsb: expect.stringMatching(/^\d{6}$/), last: '012' });
    expect(tax?.encrypted.startsWith('v1.')).toBe(true);
    expect(tax?.encrypted).not.toMatch(/456789012/);
  });

  it('leaves a balanced ledger that reconciles with every demo invoice', async () => {
    const check = await checkLedger(database.db);
    expect(check.problems).toEqual([]);
    expect(check.invoices).toBe(4);
  });

  it('does nothing on a second run', async () => {
    const [before] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    await expect(seedDemoData(database.db, { workerCount: 420, fileStore, encryption: {} })).resolves.toEqual({ seeded: false, workers: 0 });
    const [after] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after?.n).toBe(before?.n);
  });
});

describe('buildDemoWorkers', () => {
  const sample: SeedLocality[] = stateCodes.map((state, i) => ({
    id: i + 1,
    suburb: `Town ${i}`,
    postcode: '2000',
    state,
    latitude: -30,
    longitude: 140,
    mmmClass: 1,
  }));

  it('gives the same workers for the same seed', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const a = buildDemoWorkers(40, sample, createRandom(7), now);
    const b = buildDemoWorkers(40, sample, createRandom(7), now);
    expect(a).toEqual(b);
  });

  it('shares workers by population with a floor for the small states', () => {
    const counts = workersPerState(420);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(420);
    expect(counts.NT).toBeGreaterThanOrEqual(10);
    expect(counts.NSW).toBeGreaterThan(counts.VIC);
    expect(Object.values(workersPerState(8))).toEqual(Array(8).fill(1));
  });
});
