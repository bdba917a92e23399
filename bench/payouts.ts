// Payout run benchmark (issue 15's budget): a payout run over 10,000 PAID invoices for 2,000
// workers on PostgreSQL in under 60 seconds. The run is the product's own `runPayouts`: every
// worker's payout, items and PAYOUT_SENT journal and the run's ABA file in one transaction, then a
// remittance PDF per worker written to the file store and emailed (queued). Afterwards it checks that every invoice
// was paid once, the ledger balances (checkLedger) and the ABA file reads back with the right totals.
//
// PostgreSQL: BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/test,
// or TEST_DATABASE_URL when set); the benchmark creates its own database there and drops it
// afterwards. BENCH_PAYOUT_INVOICES and BENCH_PAYOUT_WORKERS change the sizes.
// Exits non-zero when the run misses its budget or a check fails.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { parseAbaFile } from '@tendly/domain/payments/aba';
import { stateCodes } from '@tendly/domain/states';
import { runPayouts } from '../apps/api/src/features/payouts/payout-run';
import { loadConfig } from '../apps/api/src/platform/config';
import { loadFieldCipher, type FieldCipher } from '../apps/api/src/platform/crypto/field-cipher';
import type { Database } from '../apps/api/src/platform/db/client';
import { migrateDatabase } from '../apps/api/src/platform/db/migrate';
import { invoices } from '../apps/api/src/platform/db/schema/billing';
import { contracts } from '../apps/api/src/platform/db/schema/engagements';
import { workerTaxDetails } from '../apps/api/src/platform/db/schema/onboarding';
import { createFileStore } from '../apps/api/src/platform/files/file-store';
import { checkLedger } from '../apps/api/src/platform/ledger/check-ledger';
import { benchContractTerms, benchTaxDetails, insertBatches, insertBenchPeople, openScratchServerDatabase, runIfMain } from './harness';

export const PAYOUT_BUDGET_SECONDS = 60;
const INVOICES = Number(process.env.BENCH_PAYOUT_INVOICES ?? 10_000);
const WORKERS = Number(process.env.BENCH_PAYOUT_WORKERS ?? 2_000);

/**
 * WORKERS workers with bank details (a real encrypted account number each) and a contract with a
 * care seeker of their own, and INVOICES PAID invoices spread evenly over them, each with its
 * INVOICE_ISSUED and PAYMENT_RECEIVED journals, so the ledger reconciles before and after.
 */
async function seed(database: Database, cipher: FieldCipher): Promise<void> {
  const db = database.db;
  const { workerRows, careSeekerRows } = await insertBenchPeople(db, WORKERS);
  const encrypted = await Promise.all(workerRows.map((_, index) => cipher.encrypt(String(10_000_000 + index))));
  await insertBatches(
    workerRows.map((worker, index) => ({ worker, index })),
    (batch) =>
      db.insert(workerTaxDetails).values(
        batch.map(({ worker, index }) => ({
          workerId: worker.id,
          ...benchTaxDetails,
          gstRegistered: false,
          bankAccountName: `Worker ${index}`,
          accountNumberEncrypted: encrypted[index]!,
          accountNumberLastDigits: String(10_000_000 + index).slice(-3),
        })),
      ),
  );
  const contractRows: { id: string; workerId: string; careSeekerId: string }[] = [];
  await insertBatches(
    workerRows.map((worker, index) => ({
      careSeekerId: careSeekerRows[index]!.id,
      workerId: worker.id,
      ...benchContractTerms,
      fundingType: 'PRIVATE' as const,
      clientName: `Client ${index}`,
      clientState: stateCodes[index % stateCodes.length]!,
      clientMmmClass: 1,
      weekdayRateCents: 6500,
      eveningRateCents: 7000,
      overnightRateCents: 7800,
      saturdayRateCents: 9500,
      sundayRateCents: 12500,
      publicHolidayRateCents: 15000,
    })),
    async (batch) => contractRows.push(...(await db.insert(contracts).values(batch).returning({ id: contracts.id, workerId: contracts.workerId, careSeekerId: contracts.careSeekerId }))),
  );
  const invoiceRows = Array.from({ length: INVOICES }, (_, index) => {
    const contract = contractRows[index % contractRows.length]!;
    const hourly = 6500 * (1 + (index % 8));
    const fee = Math.round(hourly * 0.09);
    return {
      kind: 'INVOICE' as const,
      number: Math.floor(index / contractRows.length) + 1,
      status: 'PAID' as const,
      workerId: contract.workerId,
      careSeekerId: contract.careSeekerId,
      contractId: contract.id,
      workerFirstName: 'Worker',
      workerLastName: String(index % contractRows.length),
      workerGstRegistered: false,
      careSeekerFirstName: 'Client',
      careSeekerLastName: String(index % contractRows.length),
      clientName: `Client ${index % contractRows.length}`,
      fundingType: 'PRIVATE' as const,
      state: 'NSW' as const,
      periodStart: '2026-11-20',
      periodEnd: '2026-11-20',
      subtotalCents: hourly,
      gstCents: 0,
      totalCents: hourly,
      hourlyCents: hourly,
      platformFeeBasisPoints: 900,
      platformFeeCents: fee,
      dueDate: '2026-11-27',
      paidAt: new Date(),
    };
  });
  await insertBatches(invoiceRows, (batch) => db.insert(invoices).values(batch));
  // The journals of issuing and paying each invoice, server-side in one transaction (the balance
  // trigger checks every journal at commit).
  await db.transaction(async (tx) => {
    await tx.execute(journalPerInvoice('INVOICE_ISSUED', 'invoice-issued:', sql`
        ('CARE_SEEKER_RECEIVABLE'::ledger_account, i.care_seeker_id, i.total_cents::bigint),
        ('WORKER_PAYABLE'::ledger_account, i.worker_id, -(i.total_cents - i.platform_fee_cents)::bigint),
        ('PLATFORM_FEE_REVENUE'::ledger_account, null::uuid, -i.platform_fee_cents::bigint)`));
    await tx.execute(journalPerInvoice('PAYMENT_RECEIVED', 'bench-payment:', sql`
        ('BANK'::ledger_account, null::uuid, i.total_cents::bigint),
        ('CARE_SEEKER_RECEIVABLE'::ledger_account, i.care_seeker_id, -i.total_cents::bigint)`));
  });
  await db.execute(sql`analyze`);
}

/**
 * One journal of `kind` for every invoice (its idempotency key `keyPrefix` and the invoice id),
 * with the entries `entries` lists for it as `(account, party, amount)` rows over the invoice `i`.
 * The kind and the prefix are this file's own constants, written into the SQL as literals.
 */
function journalPerInvoice(kind: 'INVOICE_ISSUED' | 'PAYMENT_RECEIVED', keyPrefix: string, entries: SQL): SQL {
  return sql`
      with j as (
        insert into ledger_journals (kind, idempotency_key, invoice_id)
        select ${sql.raw(`'${kind}'`)}, ${sql.raw(`'${keyPrefix}'`)} || i.id, i.id from invoices i
        returning id, invoice_id)
      insert into ledger_entries (journal_id, account, party_id, invoice_id, amount_cents)
      select j.id, e.account, e.party, i.id, e.amount
      from j join invoices i on i.id = j.invoice_id
      cross join lateral (values${entries}) as e(account, party, amount)`;
}

export async function benchPayouts(): Promise<boolean> {
  process.stdout.write(`\n(c) a payout run over ${INVOICES.toLocaleString('en-AU')} PAID invoices for ${WORKERS.toLocaleString('en-AU')} workers on PostgreSQL\n`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tendly-bench-payouts-'));
  const { database, drop } = await openScratchServerDatabase('payouts');
  try {
    await migrateDatabase(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const fieldCipher = await loadFieldCipher(config, database.db);
    const fileStore = createFileStore(config);
    const seedStart = performance.now();
    await seed(database, fieldCipher);
    process.stdout.write(`  seeded ${WORKERS} workers with bank details and ${INVOICES.toLocaleString('en-AU')} PAID invoices with their journals in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (not timed)\n`);

    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const outcome = await runPayouts({ db: database.db, fileStore, fieldCipher, config }, { runDate: '2026-11-27' });
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);

    const [counts] = (
      await database.db.execute<{ payouts: number; items: number; distinct_invoices: number; mails: number; remittances: number; paid_out: string }>(sql`
        select (select count(*)::int from payouts) as payouts,
               (select count(*)::int from payout_items) as items,
               (select count(distinct invoice_id)::int from payout_items) as distinct_invoices,
               (select count(*)::int from mail_outbox where attachments is not null) as mails,
               (select count(*)::int from payouts where remittance_file_id is not null) as remittances,
               (select coalesce(sum(amount_cents), 0)::text from payouts) as paid_out`)
    ).rows;
    const ledger = await checkLedger(database.db);
    const [abaRow] = (await database.db.execute<{ storage_key: string }>(sql`select f.storage_key from payout_batches b join stored_files f on f.id = b.file_id`)).rows;
    const aba = parseAbaFile((await fileStore.get(abaRow!.storage_key))!.toString('ascii'));
    const credits = aba.details.filter((detail) => detail.transactionCode === '50').length;
    const checks = [
      [`${counts!.payouts} payouts, one per worker`, counts!.payouts === WORKERS],
      [`${counts!.items.toLocaleString('en-AU')} invoices paid, each once`, counts!.items === INVOICES && counts!.distinct_invoices === INVOICES],
      [`${counts!.remittances} remittance PDFs and ${counts!.mails} emails queued`, counts!.remittances === WORKERS && counts!.mails === WORKERS],
      [`ledger check: ${ledger.problems.length} problems over ${ledger.journals.toLocaleString('en-AU')} journals`, ledger.problems.length === 0],
      [`ABA file: ${credits} credits and the balancing debit, totals $${(aba.total.creditCents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}, net ${aba.total.netCents}`, credits === WORKERS && aba.total.creditCents === Number(counts!.paid_out) && aba.total.netCents === 0],
    ] as const;
    const ok = seconds < PAYOUT_BUDGET_SECONDS && outcome.paid === WORKERS && checks.every(([, passed]) => passed);
    process.stdout.write(
      `  ran in ${seconds.toFixed(1)} s: ${outcome.paid} workers paid, ${outcome.held} held, $${(outcome.run.totalCents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })} (${(seconds * 1000 / Math.max(1, outcome.paid)).toFixed(1)} ms a worker)\n` +
        `  CPU used by this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (remittance PDFs, decrypting account numbers, queries); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores\n` +
        checks.map(([what, passed]) => `  ${passed ? 'ok' : 'FAILED'}: ${what}\n`).join('') +
        `  budget: under ${PAYOUT_BUDGET_SECONDS} s: ${ok ? 'within' : 'OVER'}\n`,
    );
    return ok;
  } finally {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await runIfMain(import.meta.url, async () => {
  if (!(await benchPayouts())) process.exitCode = 1;
});
