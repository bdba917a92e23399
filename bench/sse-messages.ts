// Live messages benchmark (issue 13 budget: delivery to the recipient p95 under 100 ms).
//
// Seeds 250 care seekers and 250 workers (users, worker profiles, a session each and one
// conversation per care seeker and worker pair) directly with SQL: no sign-in, so no argon2 hash
// per user (the password hash column holds a placeholder; the sessions are real, made the way the
// API makes them). Then it starts one API process (apps/api/dist/server.js; PGlite in a temporary
// DATA_DIR, or the PostgreSQL server in BENCH_DATABASE_URL when set), opens 500 Server-Sent Events
// streams (GET /api/events, one per user), and sends messages over HTTP between random distinct
// pairs at a steady rate, each in a random direction. Latency is from the moment the POST is sent
// to the moment the recipient's stream receives the message. The API process reports its memory
// (RSS and V8 heap, after a GC) over IPC before and after the streams are opened.
//
// The budget is met when the p95 delivery is under 100 ms and no message went undelivered (or
// failed to send). Run on its own (`npm run bench:sse-messages -w @tendly/bench`, which builds the
// API bundle first) or from run-all.ts; either way a missed budget, or a failure, exits non-zero.
//
// BENCH_SSE_CLIENTS (default 500, even), BENCH_SSE_MESSAGES (default 1000), BENCH_SSE_RATE
// (messages a second, default 50).
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { emptyAvailability } from '@tendly/domain/days';
import type { Database } from '../apps/api/src/platform/db/client';
import { migrateDatabase } from '../apps/api/src/platform/db/migrate';
import { freePort } from '../e2e/support/product-server';
import { buildApi, collectOutput, percentile, pgliteSide, postgresSide, root, runIfMain, serverEnvironment, stopChild, waitUntilHealthy } from './harness';

export const SSE_DELIVERY_P95_BUDGET_MS = 100;
const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 500);
const PAIRS = Math.floor(CLIENTS / 2);
const MESSAGES = Number(process.env.BENCH_SSE_MESSAGES ?? 1000);
const RATE = Number(process.env.BENCH_SSE_RATE ?? 50);
const DELIVERY_TIMEOUT_MS = 5_000;

interface Person {
  id: string;
  token: string;
}
interface Pair {
  conversationId: string;
  careSeeker: Person;
  worker: Person;
}

async function seed(database: Database): Promise<Pair[]> {
  const now = Date.now();
  const tokens = Array.from({ length: PAIRS * 2 }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token, 'utf8').digest('hex'));
  const rows = await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, first_name, last_name, role, status, password_hash, email_verified_at, terms_accepted_at)
      select 'bench.sse.' || lower(r) || '.' || i || '@bench.tendly.test', case when r = 'CS' then 'Carla' else 'Wes' end, 'Bench',
        r::role, 'ACTIVE', 'not a password hash', now(), now()
      from generate_series(1, ${PAIRS}::int) as i cross join (values ('CS'), ('CR')) as roles(r)`);
    await tx.execute(sql`
      insert into worker_profiles (user_id, status, availability)
      select id, 'ACTIVE', ${JSON.stringify(emptyAvailability())}::jsonb from users where email like 'bench.sse.cr.%'`);
    const users = await tx.execute(sql`
      select id, email from users where email like 'bench.sse.%' order by email`);
    return users.rows as { id: string; email: string }[];
  });
  const byEmail = new Map(rows.map((row) => [row.email, row.id]));
  const people = (role: string) =>
    Array.from({ length: PAIRS }, (_, i) => byEmail.get(`bench.sse.${role.toLowerCase()}.${i + 1}@bench.tendly.test`)!);
  const careSeekers = people('CS');
  const workers = people('CR');
  const ids = [...careSeekers, ...workers];
  await database.db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select u, h, ${new Date(now + 24 * 3_600_000).toISOString()}::timestamptz
    from unnest(${sql.raw(`array[${ids.map((id) => `'${id}'`).join(',')}]::uuid[]`)}, ${sql.raw(`array[${hashes.map((h) => `'${h}'`).join(',')}]`)}) as t(u, h)`);
  const conversations = await database.db.execute(sql`
    insert into conversations (care_seeker_id, worker_id, started_by_user_id)
    select c, w, c from unnest(
      ${sql.raw(`array[${careSeekers.map((id) => `'${id}'`).join(',')}]::uuid[]`)},
      ${sql.raw(`array[${workers.map((id) => `'${id}'`).join(',')}]::uuid[]`)}) as t(c, w)
    returning id, care_seeker_id, worker_id`);
  const tokenOf = new Map(ids.map((id, i) => [id, tokens[i]!]));
  return (conversations.rows as { id: string; care_seeker_id: string; worker_id: string }[]).map((row) => ({
    conversationId: row.id,
    careSeeker: { id: row.care_seeker_id, token: tokenOf.get(row.care_seeker_id)! },
    worker: { id: row.worker_id, token: tokenOf.get(row.worker_id)! },
  }));
}

interface Memory {
  rss: number;
  heapUsed: number;
}

interface ApiProcess {
  baseUrl: string;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

/** The API in a child process with an IPC channel through which it reports its memory. */
async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const wrapper = path.join(mkdtempSync(path.join(os.tmpdir(), 'tendly-bench-sse-wrapper-')), 'server.mjs');
  writeFileSync(
    wrapper,
    `process.on('message', () => { globalThis.gc?.(); const m = process.memoryUsage(); process.send({ rss: m.rss, heapUsed: m.heapUsed }); });\n` +
      `await import(${JSON.stringify(path.join(root, 'apps/api/dist/server.js'))});\n`,
  );
  const child: ChildProcess = fork(wrapper, [], {
    cwd: root,
    execArgv: ['--expose-gc', ...(process.env.BENCH_SSE_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SSE_PROFILE_DIR}`] : [])],
    env: serverEnvironment(port, env),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  await waitUntilHealthy(child, baseUrl, collectOutput(child));
  return {
    baseUrl,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as Memory));
        child.send('memory');
      }),
    stop: async () => {
      await stopChild(child);
      rmSync(path.dirname(wrapper), { recursive: true, force: true });
    },
  };
}

type OnMessage = (text: string) => void;

/** One SSE stream; calls `onMessage` with the text of each message event. Resolves once the headers came. */
function openStream(baseUrl: string, token: string, onMessage: OnMessage, agent: http.Agent): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { headers: { 'auth-token': token }, agent }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /api/events answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: message\n')) {
            const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { message: { text: string } };
            onMessage(data.message.text);
          }
          end = buffer.indexOf('\n\n');
        }
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

/** Runs the benchmark and prints its figures; resolves with whether the budget was met. */
export async function benchSseMessages(options: { build?: boolean } = {}): Promise<boolean> {
  if (options.build ?? true) buildApi();
  // A scratch database on the server named by BENCH_DATABASE_URL; without it, PGlite.
  const side = process.env.BENCH_DATABASE_URL ? await postgresSide() : pgliteSide();
  const { label, serverEnv } = side;
  const database = await side.open();
  let api: ApiProcess | undefined;
  let met: boolean;
  try {
    const seedStarted = performance.now();
    await migrateDatabase(database);
    const pairs = await seed(database);
    // PGlite: one process owns the data directory, so the seeding connection closes before the API opens it.
    await database.close();
    console.log(`${label}: seeded ${pairs.length * 2} users with sessions and ${pairs.length} conversations in ${Math.round(performance.now() - seedStarted)} ms (SQL, no argon2)`);

    api = await startApi(serverEnv);
    const before = await api.memory();
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const pending = new Map<string, { started: number; resolve: (ms: number) => void }>();
    const onMessage: OnMessage = (text) => {
      const waiting = pending.get(text);
      if (!waiting) return;
      pending.delete(text);
      waiting.resolve(performance.now() - waiting.started);
    };
    const openStarted = performance.now();
    const streams = await Promise.all(
      pairs.flatMap((pair) => [openStream(api!.baseUrl, pair.careSeeker.token, onMessage, agent), openStream(api!.baseUrl, pair.worker.token, onMessage, agent)]),
    );
    const openMs = Math.round(performance.now() - openStarted);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await api.memory();
    console.log(`${label}: ${streams.length} SSE connections open in ${openMs} ms`);
    console.log(
      `${label}: API memory before ${mb(before.rss)} RSS / ${mb(before.heapUsed)} heap; with ${streams.length} streams ${mb(after.rss)} RSS / ${mb(after.heapUsed)} heap; ` +
        `per connection ${kb((after.rss - before.rss) / streams.length)} RSS, ${kb((after.heapUsed - before.heapUsed) / streams.length)} heap`,
    );

    const latencies: number[] = [];
    let failures = 0;
    const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const deliveries: Promise<void>[] = [];
    const interval = 1000 / RATE;
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i += 1) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const pair = pairs[Math.floor(Math.random() * pairs.length)]!;
      const sender = Math.random() < 0.5 ? pair.careSeeker : pair.worker;
      const text = `bench ${i} ${randomBytes(6).toString('hex')}`;
      deliveries.push(deliver(api.baseUrl, sendAgent, pair.conversationId, sender.token, text, pending).then(
        (ms) => void latencies.push(ms),
        () => void (failures += 1),
      ));
    }
    await Promise.all(deliveries);
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    met = sorted.length > 0 && p95 < SSE_DELIVERY_P95_BUDGET_MS && failures === 0;
    console.log(
      `${label}: ${MESSAGES} messages at ${RATE}/s over ${seconds.toFixed(1)} s: delivery p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; ${failures} failures ` +
        `(budget p95 < ${SSE_DELIVERY_P95_BUDGET_MS} ms with none undelivered: ${met ? 'met' : 'MISSED'})`,
    );
    for (const stream of streams) stream.destroy();
    agent.destroy();
    sendAgent.destroy();
  } finally {
    await api?.stop();
    await database.close().catch(() => undefined);
    await side.cleanUp();
  }
  return met;
}

/** Sends one message and resolves with the time until its recipient's stream had it. */
function deliver(
  baseUrl: string,
  agent: http.Agent,
  conversationId: string,
  token: string,
  text: string,
  pending: Map<string, { started: number; resolve: (ms: number) => void }>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(text);
      reject(new Error('not delivered in time'));
    }, DELIVERY_TIMEOUT_MS);
    const started = performance.now();
    pending.set(text, {
      started,
      resolve: (ms) => {
        clearTimeout(timer);
        resolve(ms);
      },
    });
    const body = JSON.stringify({ text });
    const request = http.request(
      `${baseUrl}/api/conversations/${conversationId}/messages`,
      { method: 'POST', agent, headers: { 'auth-token': token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        if (response.statusCode !== 201) {
          clearTimeout(timer);
          pending.delete(text);
          reject(new Error(`POST answered ${response.statusCode}`));
        }
      },
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      pending.delete(text);
      reject(error);
    });
    request.end(body);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

await runIfMain(import.meta.url, async () => {
  try {
    if (!(await benchSseMessages())) process.exitCode = 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
});
