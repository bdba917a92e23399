// Billing benchmark (issue 14's budgets): prints
// (a) the pricing engine's throughput on 100,000 distinct shifts in this one process (budget:
//     100,000 shifts a second), for the three ways it prices: at the NDIS price limits (the public
//     quote), at a contract's rates with NDIS items and caps, and at a private contract's rates;
// (b) issuing 10,000 invoices from 10,000 approved job reports on PostgreSQL (budget: under 60 s):
//     each invoice in its own transaction through `issueInvoiceForTimesheet`, exactly as an
//     approval issues it (the job report's row locked, priced from its contract, numbered from the
//     worker's counter, the invoice and its lines inserted), 8 at a time on a pool of connections,
//     then checks that every worker's numbers run 1..n without a gap.
//
// PostgreSQL: BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/test,
// or TEST_DATABASE_URL when set); the benchmark creates its own database there and drops it
// afterwards. BENCH_INVOICES changes the number of invoices; BENCH_SHIFTS the number of shifts.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { type PayingForCareType } from '@tendly/domain/job-options';
import { priceContractShift, priceNdisShift, type BandRates } from '@tendly/domain/pricing/price-shift';
import { NdisCatalogue } from '@tendly/domain/pricing/ndis-catalogue';
import { localToInstant } from '@tendly/domain/shift-time';
import { stateCodes, stateTimeZone, type StateCode } from '@tendly/domain/states';
import { issueInvoiceForTimesheet, type BillingSettings } from '../apps/api/src/platform/billing/issue-invoice';
import { ndisCatalogue } from '../apps/api/src/platform/billing/ndis-catalogue';
import type { Database } from '../apps/api/src/platform/db/client';
import { migrateDatabase } from '../apps/api/src/platform/db/migrate';
import { loadReferenceData, readSupportItems } from '../apps/api/src/platform/db/reference-data';
import { invoices, timesheetExpenses, timesheets } from '../apps/api/src/platform/db/schema/billing';
import { contractNdisRates, contracts } from '../apps/api/src/platform/db/schema/engagements';
import { workerTaxDetails } from '../apps/api/src/platform/db/schema/onboarding';
import { benchContractTerms, benchTaxDetails, insertBatches, insertBenchPeople, openScratchServerDatabase, runIfMain } from './harness';

export const ENGINE_BUDGET_SHIFTS_PER_SECOND = 100_000;
export const ISSUE_BUDGET_SECONDS = 60;
const SHIFTS = Number(process.env.BENCH_SHIFTS ?? 100_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const WORKERS = Math.max(1, Math.round(INVOICES / 50));
const CONCURRENCY = 8;

/** A small seeded generator (mulberry32), so that every run prices the same shifts. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_DAY_MS = Date.UTC(2025, 6, 1);
const SPAN_MINUTES = 2 * 365 * 24 * 60;

interface BenchShift {
  startsAtMs: number;
  endsAtMs: number;
  state: StateCode;
  postcode: string;
  breakMinutes: number;
}

/** A client postcode in each state: the capital's, so Melbourne and Hobart shifts meet their area holidays. */
const capitalPostcode: Readonly<Record<StateCode, string>> = { NSW: '2000', VIC: '3000', QLD: '4000', WA: '6000', SA: '5000', TAS: '7000', ACT: '2600', NT: '0800' };

/** `count` distinct shifts: any state, any minute from July 2025 to June 2027, 15 minutes to 24 hours. */
function distinctShifts(count: number, seed: number): BenchShift[] {
  const next = random(seed);
  const seen = new Set<string>();
  const shifts: BenchShift[] = [];
  while (shifts.length < count) {
    const state = stateCodes[Math.floor(next() * stateCodes.length)]!;
    const startsAtMs = FIRST_DAY_MS + Math.floor(next() * SPAN_MINUTES) * 60_000;
    const minutes = 15 + Math.floor(next() * (24 * 60 - 15));
    const key = `${state}${startsAtMs}${minutes}`;
    if (seen.has(key)) continue;
    seen.add(key);
    shifts.push({ state, postcode: capitalPostcode[state], startsAtMs, endsAtMs: startsAtMs + minutes * 60_000, breakMinutes: minutes > 300 ? 30 : 0 });
  }
  return shifts;
}

const rates: BandRates = { WEEKDAY_DAYTIME: 6537, WEEKDAY_EVENING: 7211, WEEKDAY_NIGHT: 8003, SATURDAY: 11000, SUNDAY: 12013, PUBLIC_HOLIDAY: 16007 };

async function benchEngine(): Promise<boolean> {
  const catalogue = new NdisCatalogue(
    (await readSupportItems()).map((item) => ({ ...item, level: item.level ?? null, priceNationalCents: item.priceNationalCents ?? null, priceRemoteCents: item.priceRemoteCents ?? null, priceVeryRemoteCents: item.priceVeryRemoteCents ?? null })),
  );
  const ndis = { lineItem: 'SELF_CARE' as const, level: 'ONE' as const, zone: 'NATIONAL' as const, catalogue };
  const modes = [
    { name: 'NDIS price limits (the quote)', price: (shift: BenchShift) => priceNdisShift(shift, ndis).totalCents },
    { name: 'contract rates, NDIS items and caps', price: (shift: BenchShift) => priceContractShift(shift, { rates, ndis }).totalCents },
    { name: 'contract rates, private', price: (shift: BenchShift) => priceContractShift(shift, { rates }).totalCents },
  ];
  process.stdout.write(`\n(a) pricing engine, one process, ${SHIFTS.toLocaleString('en-AU')} distinct shifts per run (every state, July 2025 to June 2027, 15 min to 24 h, a 30-minute break over 5 h)\n`);
  let withinBudget = true;
  modes.forEach((mode, index) => {
    const shifts = distinctShifts(SHIFTS, 14 + index);
    // The first shifts of a process also work out each zone's clock changes and each state's
    // holidays for the years they touch (cached after that): timed separately, then a full run.
    const coldStart = performance.now();
    let checksum = 0;
    for (const shift of shifts.slice(0, 1000)) checksum += mode.price(shift);
    const coldMs = performance.now() - coldStart;
    const fresh = distinctShifts(SHIFTS, 1000 + index);
    const start = performance.now();
    let lines = 0;
    for (const shift of fresh) checksum += mode.price(shift);
    const elapsedMs = performance.now() - start;
    for (const shift of fresh.slice(0, 1000)) lines += priceContractShift(shift, { rates }).lines.length;
    const perSecond = Math.round(SHIFTS / (elapsedMs / 1000));
    const ok = perSecond >= ENGINE_BUDGET_SHIFTS_PER_SECOND;
    withinBudget &&= ok;
    process.stdout.write(
      `  ${mode.name.padEnd(38)} ${perSecond.toLocaleString('en-AU').padStart(9)} shifts/s (${elapsedMs.toFixed(0)} ms for ${SHIFTS.toLocaleString('en-AU')}; ` +
        `first 1,000 of the process ${coldMs.toFixed(0)} ms; ${(lines / 1000).toFixed(2)} lines a shift; checksum ${checksum}) ${ok ? 'within' : 'OVER'} budget\n`,
    );
  });
  return withinBudget;
}

// ---------------------------------------------------------------------------------------------
// (b) invoices on PostgreSQL

const fundingCycle: PayingForCareType[] = ['PRIVATE', 'NDIS_PLAN_MANAGED', 'HOME_CARE_PACKAGE', 'NDIS_SELF_MANAGED', 'PRIVATE', 'NDIS_AGENCY_MANAGED'];
const mmmCycle = [1, 1, 2, 1, 6, 1, 3, 7, 1, 5];

/**
 * WORKERS workers, each with one active contract with a care seeker of their own (mixed funding:
 * half NDIS-funded, with self-care rates; some GST-registered; every state; some remote and very
 * remote), and INVOICES approved job reports spread evenly over them, with breaks, travel and
 * expenses. Inserted in batches; the timing starts after.
 */
async function seed(database: Database): Promise<string[]> {
  const db = database.db;
  const next = random(42);
  const { workerRows, careSeekerRows } = await insertBenchPeople(db, WORKERS);
  await insertBatches(
    workerRows.filter((_, index) => index % 3 !== 2),
    (batch) =>
      db.insert(workerTaxDetails).values(
        batch.map((worker, index) => ({
          workerId: worker.id,
          ...benchTaxDetails,
          gstRegistered: index % 2 === 0,
          bankAccountName: 'Bench',
          accountNumberEncrypted: 'x',
          accountNumberLastDigits: '000',
        })),
      ),
  );
  const contractRows: (typeof contracts.$inferSelect)[] = [];
  await insertBatches(
    workerRows.map((worker, index) => ({
      careSeekerId: careSeekerRows[index]!.id,
      workerId: worker.id,
      ...benchContractTerms,
      fundingType: fundingCycle[index % fundingCycle.length]!,
      clientName: `Client ${index}`,
      clientState: stateCodes[index % stateCodes.length]!,
      clientPostcode: capitalPostcode[stateCodes[index % stateCodes.length]!],
      clientMmmClass: mmmCycle[index % mmmCycle.length]!,
      weekdayRateCents: 6000 + (index % 7) * 150,
      eveningRateCents: 7000,
      overnightRateCents: index % 4 === 0 ? null : 7800,
      saturdayRateCents: 9500 + (index % 5) * 300,
      sundayRateCents: 12500,
      publicHolidayRateCents: 15000 + (index % 3) * 500,
    })),
    async (batch) => contractRows.push(...(await db.insert(contracts).values(batch).returning())),
  );
  const ndisContracts = contractRows.filter((contract) => contract.fundingType.startsWith('NDIS'));
  await insertBatches(ndisContracts, (batch) =>
    db.insert(contractNdisRates).values(batch.map((contract) => ({ contractId: contract.id, lineItem: 'SELF_CARE' as const, level: 'ONE' as const, timeOfDay: 'WEEKDAY_DAYTIME' as const, supportItemNumber: '01_011_0107_1_1', edition: '2025-26', amountCents: 6900 }))),
  );
  const sheets = Array.from({ length: INVOICES }, (_, index) => {
    const contract = contractRows[index % contractRows.length]!;
    const zone = stateTimeZone(contract.clientState);
    // A whole local hour on a day from July 2025 to June 2027 (never inside a daylight-saving gap: 02:00 is skipped).
    const day = new Date(FIRST_DAY_MS + Math.floor(next() * 730) * 86_400_000).toISOString().slice(0, 10);
    const hour = [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23][Math.floor(next() * 23)]!;
    const startsAt = localToInstant(`${day}T${String(hour).padStart(2, '0')}:00`, zone);
    const minutes = 60 + Math.floor(next() * 11 * 60);
    return {
      contractId: contract.id,
      workerId: contract.workerId,
      careSeekerId: contract.careSeekerId,
      status: 'APPROVED' as const,
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
      timeZone: zone,
      state: contract.clientState,
      breakMinutes: minutes > 300 ? 30 : 0,
      travelTenthKm: Math.floor(next() * 300),
      travelNote: 'Bench route',
      submittedAt: new Date(),
      decidedAt: new Date(),
      decidedBy: 'CARE_SEEKER' as const,
    };
  });
  const ids: string[] = [];
  await insertBatches(sheets, async (batch) => ids.push(...(await db.insert(timesheets).values(batch).returning({ id: timesheets.id })).map((row) => row.id)));
  await insertBatches(
    ids.filter((_, index) => index % 4 === 0),
    (batch) => db.insert(timesheetExpenses).values(batch.map((timesheetId) => ({ timesheetId, description: 'Parking', amountCents: 850 }))),
  );
  await db.execute(sql`analyze`);
  return ids;
}

/**
 * The CPU seconds the server processes of this database's connections have used, read from /proc
 * when the server runs on this machine (127.0.0.1); null when it cannot be read.
 */
async function serverCpuSeconds(database: Database): Promise<number | null> {
  try {
    const result = await database.db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    const ticksPerSecond = 100;
    let ticks = 0;
    for (const { pid } of result.rows) {
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
      // utime and stime: fields 14 and 15 of /proc/<pid>/stat, 12 and 13 after the command name.
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / ticksPerSecond;
  } catch {
    return null;
  }
}

async function benchInvoices(): Promise<boolean> {
  process.stdout.write(`\n(b) issuing ${INVOICES.toLocaleString('en-AU')} invoices from ${INVOICES.toLocaleString('en-AU')} approved job reports on PostgreSQL\n`);
  const { database, drop } = await openScratchServerDatabase('billing');
  try {
    await migrateDatabase(database);
    await loadReferenceData(database);
    const seedStart = performance.now();
    const ids = await seed(database);
    process.stdout.write(`  seeded ${WORKERS} workers with one contract each and ${ids.length.toLocaleString('en-AU')} approved job reports in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (not timed below)\n`);

    // The floor: one round trip to the server (`select 1`), which every statement of an issuance
    // pays at least once. On a machine shared with other work it shows how much of a figure is the
    // machine's, not the code's.
    const trips: number[] = [];
    for (let index = 0; index < 300; index += 1) {
      const tripStart = performance.now();
      await database.db.execute(sql`select 1`);
      trips.push(performance.now() - tripStart);
    }
    trips.sort((a, b) => a - b);
    process.stdout.write(
      `  the floor: a round trip (select 1) takes ${trips[150]!.toFixed(2)} ms (median of 300); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores; ` +
        `an issuance is 5 round trips (begin; lock and read; look for an invoice; number, invoice and lines; commit)\n`,
    );

    // Open the connections the run uses, to read their server processes' CPU before and after.
    await Promise.all(Array.from({ length: CONCURRENCY }, () => database.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(0.05)`))));
    const serverCpuBefore = await serverCpuSeconds(database);

    const settings: BillingSettings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };
    const catalogue = await ndisCatalogue(database.db);
    let nextIndex = 0;
    let failures = 0;
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    // Job reports in the order they were made: consecutive ones belong to different workers, as
    // approvals by many care seekers at once would, and each worker's counter is taken 50 times.
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (nextIndex < ids.length) {
          const timesheetId = ids[nextIndex++]!;
          try {
            await database.db.transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId, now: new Date(), settings, catalogue }));
          } catch (error) {
            failures += 1;
            if (failures <= 3) process.stdout.write(`  failed: ${(error as Error).message}\n`);
          }
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const loadAfter = os.loadavg()[0]!;
    const serverCpuAfter = await serverCpuSeconds(database);
    const clientCpu = (cpu.user + cpu.system) / 1e6;
    const serverCpu = serverCpuAfter === null || serverCpuBefore === null ? null : serverCpuAfter - serverCpuBefore;
    const check = await database.db.execute<{ invoices: number; gap_free_workers: number; workers: number; total: string; fees: string; flagged: number }>(sql`
      with per_worker as (
        select worker_id, count(*)::int as n, max(number)::int as top, count(distinct number)::int as distinct_numbers
        from ${invoices} group by worker_id
      )
      select (select count(*)::int from ${invoices}) as invoices,
             (select count(*)::int from per_worker where n = top and n = distinct_numbers) as gap_free_workers,
             (select count(*)::int from per_worker) as workers,
             (select coalesce(sum(total_cents), 0)::text from ${invoices}) as total,
             (select coalesce(sum(platform_fee_cents), 0)::text from ${invoices}) as fees,
             (select count(distinct invoice_id)::int from invoice_lines where flagged) as flagged`);
    const row = check.rows[0]!;
    const ok = seconds < ISSUE_BUDGET_SECONDS && failures === 0 && row.invoices === INVOICES && row.gap_free_workers === row.workers;
    process.stdout.write(
      `  issued ${row.invoices.toLocaleString('en-AU')} invoices in ${seconds.toFixed(1)} s (${Math.round(row.invoices / seconds).toLocaleString('en-AU')} a second, ${CONCURRENCY} transactions at a time, one invoice each)\n` +
        `  CPU used: this process ${clientCpu.toFixed(1)} s (pricing, building and parsing queries)` +
        (serverCpu === null ? '' : `, the server's ${CONCURRENCY} connections ${serverCpu.toFixed(1)} s; on ${os.availableParallelism()} idle cores that is at least ${((clientCpu + serverCpu) / os.availableParallelism()).toFixed(1)} s`) +
        `; load average ${loadAfter.toFixed(1)} at the end (other work on the machine shares its cores)\n` +
        `  ${failures} failed; numbers gap-free (1..n) for ${row.gap_free_workers} of ${row.workers} workers; ${row.flagged} invoices with a flagged line; ` +
        `total $${(Number(row.total) / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}, fees $${(Number(row.fees) / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}\n` +
        `  budget: under ${ISSUE_BUDGET_SECONDS} s: ${ok ? 'within' : 'OVER'}\n`,
    );
    return ok;
  } finally {
    await drop();
  }
}

export async function benchBilling(): Promise<void> {
  await benchEngine();
  await benchInvoices();
}

await runIfMain(import.meta.url, () => benchBilling());
