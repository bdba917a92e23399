import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../features/auth/test-factories';
import { migrationsDir } from '../paths';
import { migrateDatabase } from './migrate';
import { localities } from './schema/reference';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The one-shortlist migration (issue 11) on data of the shape before it: a shortlisted applicant,
 * once marked on the application alone, ends up on the shortlist of the job's owner.
 */

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder with only the migrations before `tagSuffix`. */
async function migrationsBefore(tagSuffix: string): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  if (index < 1) throw new Error(`No migration ${tagSuffix} after the first`);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tendly-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const earlier = journal.entries.slice(0, index);
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
  for (const entry of earlier) await copyFile(path.join(migrationsDir, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

let database: TestDatabase;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  folder = await migrationsBefore('_one_shortlist');
  await migrateDatabase(database, { migrationsFolder: folder });
});

afterAll(async () => {
  await database?.dispose();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the one-shortlist migration', { tags: ['drivers'] }, () => {
  it('puts every shortlisted applicant on the job owner’s shortlist, keeps declines, and loses nothing', async () => {
    const db = database.db;
    const [place] = await db
      .insert(localities)
      .values({ suburb: 'Marrickville', postcode: '2204', state: 'NSW', latitude: -33.91, longitude: 151.15 })
      .returning({ id: localities.id });
    // Workers written in SQL of the schema of the time: today's worker_profiles has columns this database lacks.
    const legacyWorker = async (firstName: string) => {
      const user = await createUser(db, { firstName, role: 'CR' });
      await db.execute(sql`insert into worker_profiles (user_id, status, availability) values (${user.id}, 'ACTIVE', '{}'::jsonb)`);
      return { id: user.id, user };
    };
    const owner = await createUser(db, { firstName: 'Helen' });
    const other = await createUser(db, { firstName: 'Omar' });
    const [shortlisted, alreadyListed, declined, waiting] = [
      await legacyWorker('Ada'),
      await legacyWorker('Bo'),
      await legacyWorker('Cy'),
      await legacyWorker('Di'),
    ];
    const job = async (ownerId: string, title: string) => {
      const result = await db.execute<{ id: string }>(sql`
        insert into jobs (owner_id, posted_by_user_id, draft_id, support_category, care_for, location, locality_id, latitude, longitude,
          availability, title, html_description, summary)
        values (${ownerId}, ${ownerId}, gen_random_uuid(), 'AGED_CARE', 'Me', 'Marrickville', ${place?.id}, -33.91, 151.15,
          '{}'::jsonb, ${title}, '<p>Help at home</p>', 'Help at home')
        returning id::text as id`);
      return result.rows[0]?.id ?? '';
    };
    const helensJob = await job(owner.id, 'Help for Helen at home');
    const helensOtherJob = await job(owner.id, 'More help for Helen');
    const omarsJob = await job(other.id, 'Help for Omar at home');
    const apply = (jobId: string, workerId: string, status: string, updatedAt: string) =>
      db.execute(sql`
        insert into job_applications (job_id, worker_id, message, status, applied_at, updated_at)
        values (${jobId}, ${workerId}, 'I would love to help.', ${status}::job_application_status, ${updatedAt}::timestamptz, ${updatedAt}::timestamptz)`);
    await apply(helensJob, shortlisted.id, 'SHORTLISTED', '2025-03-02T00:00:00Z');
    // The same worker shortlisted on two of Helen's jobs: on her list once, from the first time.
    await apply(helensOtherJob, shortlisted.id, 'SHORTLISTED', '2025-03-05T00:00:00Z');
    await apply(helensJob, alreadyListed.id, 'SHORTLISTED', '2025-03-03T00:00:00Z');
    await apply(helensJob, declined.id, 'DECLINED', '2025-03-04T00:00:00Z');
    await apply(helensJob, waiting.id, 'PENDING', '2025-03-04T00:00:00Z');
    await apply(omarsJob, waiting.id, 'SHORTLISTED', '2025-03-06T00:00:00Z');
    await db.execute(sql`insert into shortlist_items (user_id, worker_id, created_at) values (${owner.id}, ${alreadyListed.id}, '2025-01-01T00:00:00Z')`);

    await migrateDatabase(database);

    const lists = await db.execute<{ user_id: string; worker_id: string; created_at: string }>(
      sql`select user_id::text, worker_id::text, created_at::text from shortlist_items order by user_id, created_at`,
    );
    const byUser = (userId: string) => lists.rows.filter((row) => row.user_id === userId).map((row) => [row.worker_id, new Date(row.created_at).toISOString()]);
    expect(byUser(owner.id)).toEqual([
      [alreadyListed.id, '2025-01-01T00:00:00.000Z'],
      [shortlisted.id, '2025-03-02T00:00:00.000Z'],
    ]);
    expect(byUser(other.id)).toEqual([[waiting.id, '2025-03-06T00:00:00.000Z']]);

    const applications = await db.execute<{ worker_id: string; job_id: string; status: string }>(
      sql`select worker_id::text, job_id::text, status::text from job_applications`,
    );
    expect(applications.rows).toHaveLength(6);
    const statusOf = (jobId: string, workerId: string) => applications.rows.find((row) => row.job_id === jobId && row.worker_id === workerId)?.status;
    expect(statusOf(helensJob, declined.id)).toBe('DECLINED');
    expect(applications.rows.filter((row) => row.status !== 'DECLINED').every((row) => row.status === 'PENDING')).toBe(true);
    const values = await db.execute<{ value: string }>(sql`select unnest(enum_range(null::job_application_status))::text as value`);
    expect(values.rows.map((row) => row.value)).toEqual(['PENDING', 'DECLINED']);
  });
});
