import { randomInt } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { interpretResponseSchema, type MatchFilters } from '@tendly/domain/api/search';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { evaluateParser, familyRequestsFile, formatReport, readEvaluationRequests } from './eval/evaluate-parser';
import { systemPrompt } from './language-model';
import { selectLocalityNames } from './locality-repository';
import { questionFor } from './match-conversation';
import { MATCH_REQUESTS_PER_IP } from './worker-match-routes';
import { createWorkerMatch, type InterpretRequest } from './worker-match-service';

/** A stand-in for an OpenAI-compatible API on a local port: answers whatever a test sets. */
interface FakeModel {
  url: string;
  requests: { headers: IncomingHttpHeaders; body: unknown }[];
  answer: { status: number; content: string; delayMs?: number };
  close(): Promise<void>;
}

async function startFakeModel(): Promise<FakeModel> {
  const fake: Omit<FakeModel, 'url' | 'close'> = { requests: [], answer: { status: 200, content: '{}' } };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      fake.requests.push({ headers: request.headers, body: JSON.parse(body) as unknown });
      const { status, content, delayMs = 0 } = fake.answer;
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const EXAMPLE = 'a Greek-speaking woman near Marrickville to help mum with dementia on weekday mornings';
const API_KEY = 'sk-test-secret-key';

let subject: TestApp;
let model: FakeModel;
/** The same application and database, configured with the fake model. */
let withModel: FastifyInstance;

const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

function interpret(app: FastifyInstance, payload: unknown, ip = randomIp()) {
  return app.inject({ method: 'POST', url: '/api/search/interpret', payload: payload as Record<string, unknown>, remoteAddress: ip });
}

async function interpretOk(app: FastifyInstance, payload: unknown) {
  const response = await interpret(app, payload);
  expect(response.statusCode).toBe(200);
  return interpretResponseSchema.parse(response.json());
}

beforeAll(async () => {
  subject = await createTestApp({ database: { referenceData: true } });
  model = await startFakeModel();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LLM_BASE_URL: model.url, LLM_API_KEY: API_KEY, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '300' });
  withModel = await buildApp({ config, database: subject.database, logger: false });
  await withModel.ready();
});

afterEach(() => {
  model.requests.length = 0;
});

afterAll(async () => {
  await withModel?.close();
  await model?.close();
  await subject?.close();
});

describe('POST /api/search/interpret', () => {
  it('reads the example request into filters, with a line for each and nothing left to ask', async () => {
    const response = await interpret(subject.app, { text: EXAMPLE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(interpretResponseSchema.parse(response.json())).toEqual({
      filters: {
        location: 'Marrickville NSW',
        locationType: 'KM_25',
        gender: 'FEMALE',
        skillType: ['DEMENTIA'],
        availability: ['mon', 'tue', 'wed', 'thu', 'fri'],
        timesOfDay: ['morning'],
        carerLanguage: ['el'],
        careFor: 'Immediate Family',
      },
      understood: [
        { filter: 'skillType', label: 'Has experience with dementia' },
        { filter: 'careFor', label: 'For a family member' },
        { filter: 'location', label: 'Within 25 km of Marrickville NSW' },
        { filter: 'availability', label: 'Weekday mornings' },
        { filter: 'gender', label: 'A woman' },
        { filter: 'carerLanguage', label: 'Speaks Greek' },
      ],
      nextQuestion: null,
      engine: 'local',
      answered: ['support', 'careFor', 'location', 'when', 'preferences'],
      // No workers in this database: the radius stays at its first size, and the count says the list is empty.
      searchArea: { locationType: 'KM_25', isAutomatic: true, note: null },
      notUsed: [],
      results: { count: 0, relax: [] },
    });
  });

  it('holds a conversation: asks each topic in turn, takes "skip", and refines what it has', async () => {
    // Workers match at every step (this database has none, and with none the assistant stops asking: see search-area.test.ts).
    const match = createWorkerMatch({ loadLocalities: () => selectLocalityNames(subject.database.db), llm: null, countWorkers: async () => 5 });
    const interpretOk = (_app: FastifyInstance, request: { text: string; current?: MatchFilters; answered?: InterpretRequest['answered'] }) =>
      match.interpret({ current: {}, answered: [], ...request });
    const first = await interpretOk(subject.app, { text: 'I need some help for my dad' });
    expect(first.filters).toEqual({ careFor: 'Immediate Family' });
    expect(first.nextQuestion).toEqual({ topic: 'support', text: questionFor('support', first.filters) });

    const second = await interpretOk(subject.app, { text: "He has Parkinson's", current: first.filters, answered: first.answered });
    expect(second.understood).toEqual([{ filter: 'skillType', label: "Has experience with Parkinson's disease" }]);
    expect(second.nextQuestion?.topic).toBe('location');

    // A lone everyday word that is a suburb counts when the question was "where".
    const third = await interpretOk(subject.app, { text: 'Young', current: second.filters, answered: second.answered });
    expect(third.filters.location).toBe('Young NSW');
    expect(third.nextQuestion?.topic).toBe('when');

    const fourth = await interpretOk(subject.app, { text: 'skip', current: third.filters, answered: third.answered });
    expect(fourth.filters).toEqual(third.filters);
    expect(fourth.understood).toEqual([]);
    expect(fourth.answered).toEqual(['support', 'careFor', 'location', 'when']);
    expect(fourth.nextQuestion?.topic).toBe('preferences');

    const fifth = await interpretOk(subject.app, { text: 'No preference', current: fourth.filters, answered: fourth.answered });
    expect(fifth.nextQuestion).toBeNull();

    const refined = await interpretOk(subject.app, { text: 'actually make it Tuesdays, and he would like a man who speaks Italian', current: fifth.filters, answered: fifth.answered });
    expect(refined.filters).toEqual({ ...fifth.filters, availability: ['tue'], gender: 'MALE', carerLanguage: ['it'] });
    expect(refined.understood.map((line) => line.label)).toEqual(['Tuesdays', 'A man', 'Speaks Italian']);
    expect(refined.nextQuestion).toBeNull();

    const removed = await interpretOk(subject.app, { text: 'remove the language and any gender is fine', current: refined.filters, answered: refined.answered });
    expect(removed.filters).toEqual({ ...fifth.filters, availability: ['tue'], gender: 'ANY' });
    expect(removed.understood.map((line) => line.label)).toEqual(['Any gender', 'Any language']);
  });

  it('refuses an empty or over-long request, and unknown filter codes, with 400 and a clear message', async () => {
    const empty = await interpret(subject.app, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION', message: 'Tell us what support you are looking for', errors: { text: 'Tell us what support you are looking for' } });

    const missing = await interpret(subject.app, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { text: 'Tell us what support you are looking for' } });

    const long = await interpret(subject.app, { text: 'help '.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'Please keep your request under 1000 characters' });

    const badFilters = await interpret(subject.app, { text: 'weekends', current: { skillType: ['GARDENING'] } });
    expect(badFilters.statusCode).toBe(400);
    expect(badFilters.json()).toMatchObject({ code: 'VALIDATION', errors: { 'current.skillType.0': expect.any(String) } });

    const badTopic = await interpret(subject.app, { text: 'weekends', answered: ['hobbies'] });
    expect(badTopic.statusCode).toBe(400);
  });

  it(`refuses more than ${MATCH_REQUESTS_PER_IP} messages a minute from one address with 429`, async () => {
    const ip = randomIp();
    for (let i = 0; i < MATCH_REQUESTS_PER_IP; i += 1) {
      expect((await interpret(subject.app, { text: 'weekends' }, ip)).statusCode).toBe(200);
    }
    const refused = await interpret(subject.app, { text: 'weekends' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^You've sent a lot of messages to the worker match in a short time\. Please wait \d+ seconds? and try again\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await interpret(subject.app, { text: 'weekends' })).statusCode).toBe(200);
  });
});

describe('POST /api/search/interpret with a language model configured', () => {
  const reply = (filters: MatchFilters) => JSON.stringify({ filters });

  it('asks the model with the key, the model name, the allowed codes and the conversation, and uses its valid answer', async () => {
    model.answer = { status: 200, content: reply({ location: 'marrickville', carerLanguage: ['el', 'el'], gender: 'FEMALE', careFor: 'Immediate Family' }) };
    const current = { skillType: ['DEMENTIA' as const] };
    const response = await interpretOk(withModel, { text: EXAMPLE, current });
    expect(response.engine).toBe('llm');
    // The place is resolved to the form search takes, and repeats are dropped.
    expect(response.filters).toEqual({ location: 'Marrickville NSW', locationType: 'KM_25', carerLanguage: ['el'], gender: 'FEMALE', careFor: 'Immediate Family' });
    expect(response.understood.map((line) => line.label)).toEqual(['Any experience', 'For a family member', 'Within 25 km of Marrickville NSW', 'A woman', 'Speaks Greek']);

    expect(model.requests).toHaveLength(1);
    const [call] = model.requests;
    expect(call?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call?.body).toMatchObject({
      model: 'test-model',
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: systemPrompt },
        { role: 'user', content: JSON.stringify({ text: EXAMPLE, current }) },
      ],
    });
    expect(systemPrompt).toContain('DEMENTIA (Dementia)');
    expect(systemPrompt).toContain('el (Greek)');
  });

  it('names only the words none of the model\'s filters took as not used', async () => {
    const text = 'nan needs help with showers and meals, and loves knitting, Wollongong';
    model.answer = { status: 200, content: reply({ location: 'Wollongong NSW', personalCare: true, careFor: 'Extended Family', keyword: 'knitting' }) };
    const fromModel = await interpretOk(withModel, { text });
    expect(fromModel.engine).toBe('llm');
    expect(fromModel.notUsed).toEqual(['meals']);

    model.answer = { status: 200, content: reply({ location: 'Wollongong NSW', personalCare: true, careFor: 'Extended Family', keyword: 'meals' }) };
    expect((await interpretOk(withModel, { text })).notUsed).toEqual([]);
  });

  it.each([
    ['a reply that is not JSON', { status: 200, content: 'Sure! Here are the filters: Greek, female' }],
    ['a reply outside the filter schema', { status: 200, content: reply({ skillType: ['GREEK_COOKING' as never] }) }],
    ['a place the localities do not know', { status: 200, content: reply({ location: 'Atlantis' }) }],
    ['an error status', { status: 500, content: '{}' }],
    ['no answer in time', { status: 200, content: reply({ gender: 'MALE' }), delayMs: 1500 }],
  ])('falls back to the local parser on %s', async (_case, answer) => {
    model.answer = answer;
    const response = await interpretOk(withModel, { text: EXAMPLE });
    expect(response.engine).toBe('local');
    expect(response.filters).toMatchObject({ location: 'Marrickville NSW', gender: 'FEMALE', carerLanguage: ['el'] });
    expect(model.requests).toHaveLength(1);
  });

  it('does not call the model for a reply that skips the question', async () => {
    const response = await interpretOk(withModel, { text: 'no preference', current: { skillType: ['DEMENTIA'] }, answered: ['careFor', 'location', 'when'] });
    expect(response.engine).toBe('local');
    expect(response.nextQuestion).toBeNull();
    expect(model.requests).toHaveLength(0);
  });

  it('reports why the model was not used without the text or the key', async () => {
    const reasons: string[] = [];
    const match = createWorkerMatch({
      loadLocalities: () => selectLocalityNames(subject.database.db),
      llm: { baseUrl: model.url, apiKey: API_KEY, model: 'test-model', timeoutMs: 300 },
      onModelFailure: (reason) => reasons.push(reason),
    });
    model.answer = { status: 200, content: reply({ skillType: ['NOT_A_SKILL' as never] }) };
    await match.interpret({ text: EXAMPLE, current: {}, answered: [] });
    model.answer = { status: 200, content: 'not json', delayMs: 1000 };
    await match.interpret({ text: EXAMPLE, current: {}, answered: [] });
    expect(reasons).toEqual([expect.stringContaining('skillType'), expect.stringMatching(/TimeoutError|abort/i)]);
    for (const reason of reasons) {
      expect(reason).not.toContain('Greek');
      expect(reason).not.toContain(API_KEY);
    }
  });
});

describe('the evaluation set', () => {
  it('keeps the local parser at least 98% exact over all requests, 90% on every filter, and 95% on place and distance', async () => {
    const requests = await readEvaluationRequests();
    expect(requests.length).toBeGreaterThanOrEqual(190);
    // The requests of issue 11 are in it.
    const texts = requests.map((request) => request.text);
    for (const text of ['Mum lives in Parramatta', 'Carlton, Melbourne', 'Mornings', 'for a member of my immediate family']) expect(texts).toContain(text);
    const match = createWorkerMatch({ loadLocalities: () => selectLocalityNames(subject.database.db), llm: null });
    const report = await evaluateParser(match, requests);
    const message = formatReport(report, { showMisses: true });
    expect(report.exactMatchRate, message).toBeGreaterThanOrEqual(0.98);
    for (const score of report.perFilter) expect(score.accuracy, `${score.filter}\n${message}`).toBeGreaterThanOrEqual(0.9);
    expect(report.placeAndDistance.cases, message).toBeGreaterThanOrEqual(150);
    expect(report.placeAndDistance.accuracy, message).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps the local parser at least 90% exact over the 50 requests in family phrasing (issue 31), scored apart', async () => {
    const requests = await readEvaluationRequests(familyRequestsFile);
    expect(requests).toHaveLength(50);
    const existing = new Set((await readEvaluationRequests()).map((request) => request.text));
    expect(requests.filter((request) => existing.has(request.text))).toEqual([]);
    const match = createWorkerMatch({ loadLocalities: () => selectLocalityNames(subject.database.db), llm: null });
    const report = await evaluateParser(match, requests);
    expect(report.exactMatchRate, formatReport(report, { showMisses: true })).toBeGreaterThanOrEqual(0.9);
  });
});
