import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local stand-in for Stripe's API (issue 15), for the Stripe adapter's tests: customers,
 * SetupIntents, PaymentMethods, PaymentIntents and refunds, answering Stripe's test payment
 * methods the way Stripe does (a decline is a 402 `card_error` with its `decline_code` and the
 * PaymentIntent it made), and answering a repeated `Idempotency-Key` with the first response.
 */

interface TestMethod {
  brand: string;
  last4: string;
  /** null: the charge succeeds. */
  decline: { code: string; declineCode?: string; message: string } | null;
}

/** Stripe's test payment methods (https://docs.stripe.com/testing#cards). */
const TEST_METHODS: Record<string, TestMethod> = {
  pm_card_visa: { brand: 'visa', last4: '4242', decline: null },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', decline: null },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', decline: { code: 'expired_card', message: 'Your card has expired.' } },
};

interface Stored {
  status: number;
  body: unknown;
}

export interface FakeStripe {
  host: string;
  port: number;
  /** The browser's part: Stripe Elements confirms a SetupIntent with a card. */
  confirmSetup(setupIntentId: string, paymentMethodId: string): void;
  /** PaymentIntents created (a repeated idempotency key creates none). */
  readonly paymentIntentsCreated: number;
  /** What happens to a PaymentIntent later at Stripe (e.g. `processing`, then `succeeded`; `canceled`). */
  setPaymentIntentStatus(paymentIntentId: string, status: string): void;
  readonly refundsCreated: number;
  close(): Promise<void>;
}

function methodObject(id: string) {
  const method = TEST_METHODS[id];
  if (!method) return null;
  return { id, object: 'payment_method', type: 'card', card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 } };
}

function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

const invalid = (message: string, param?: string): Stored => ({ status: 400, body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } } });
const missing = (id: string): Stored => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } } });

export async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;
  const customers = new Map<string, { id: string }>();
  const setupIntents = new Map<string, { id: string; customer: string; status: string; payment_method: string | null; client_secret: string }>();
  const paymentIntents = new Map<string, { id: string; amount: number; status: string; customer: string; created: number; metadata: Record<string, string> }>();
  const idempotent = new Map<string, Stored>();
  let paymentIntentsCreated = 0;
  let refundsCreated = 0;

  function handle(method: string, path: string, params: URLSearchParams, query: URLSearchParams): Stored {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1') return missing(path);
    const [, resource, id] = parts;
    if (method === 'POST' && resource === 'customers' && !id) {
      const customer = { id: nextId('cus'), object: 'customer', email: params.get('email'), name: params.get('name') };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && resource === 'setup_intents' && !id) {
      const customer = params.get('customer');
      if (!customer || !customers.has(customer)) return invalid('No such customer', 'customer');
      const intentId = nextId('seti');
      const intent = { id: intentId, object: 'setup_intent', customer, status: 'requires_payment_method', payment_method: null, client_secret: `${intentId}_secret_fake`, usage: params.get('usage') ?? 'off_session' };
      setupIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && resource === 'setup_intents' && id) {
      const intent = setupIntents.get(id);
      if (!intent) return missing(id);
      const expand = query.getAll('expand[]').includes('payment_method') || query.getAll('expand[0]').includes('payment_method');
      return { status: 200, body: { ...intent, object: 'setup_intent', payment_method: expand && intent.payment_method ? methodObject(intent.payment_method) : intent.payment_method } };
    }
    if (method === 'GET' && resource === 'payment_methods' && id) {
      const found = methodObject(id);
      return found ? { status: 200, body: found } : missing(id);
    }
    if (method === 'POST' && resource === 'payment_intents' && !id) {
      const amount = Number(params.get('amount'));
      if (!Number.isInteger(amount) || amount < 50) return invalid('Amount must be at least 50 cents', 'amount');
      if (params.get('currency') !== 'aud') return invalid('Invalid currency', 'currency');
      const customer = params.get('customer');
      if (!customer || !customers.has(customer)) return invalid('No such customer', 'customer');
      if (params.get('confirm') !== 'true' || params.get('off_session') !== 'true') return invalid('Expected an off-session confirmed PaymentIntent');
      const paymentMethod = params.get('payment_method') ?? '';
      const test = TEST_METHODS[paymentMethod];
      if (!test) return invalid(`No such PaymentMethod: '${paymentMethod}'`, 'payment_method');
      paymentIntentsCreated++;
      const intentId = nextId('pi');
      const created = Math.floor(Date.now() / 1000);
      const metadata: Record<string, string> = {};
      for (const [name, value] of params) {
        const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
        if (field) metadata[field] = value;
      }
      if (test.decline) {
        const intent = {
          id: intentId,
          object: 'payment_intent',
          amount,
          currency: 'aud',
          status: 'requires_payment_method',
          customer,
          created,
          metadata,
          last_payment_error: { type: 'card_error', code: test.decline.code, decline_code: test.decline.declineCode, message: test.decline.message },
        };
        paymentIntents.set(intentId, intent);
        return { status: 402, body: { error: { type: 'card_error', code: test.decline.code, ...(test.decline.declineCode ? { decline_code: test.decline.declineCode } : {}), message: test.decline.message, payment_intent: intent } } };
      }
      const intent = { id: intentId, object: 'payment_intent', amount, currency: 'aud', status: 'succeeded', customer, created, metadata, payment_method: paymentMethod };
      paymentIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && resource === 'payment_intents' && id) {
      const intent = paymentIntents.get(id);
      return intent ? { status: 200, body: intent } : missing(id);
    }
    if (method === 'GET' && resource === 'payment_intents' && !id) {
      // Newest first, as Stripe lists them; one page is enough here.
      const customer = query.get('customer');
      const since = Number(query.get('created[gte]') ?? 0);
      const data = [...paymentIntents.values()].filter((intent) => (!customer || intent.customer === customer) && intent.created >= since).reverse();
      return { status: 200, body: { object: 'list', url: '/v1/payment_intents', has_more: false, data } };
    }
    if (method === 'POST' && resource === 'refunds' && !id) {
      const intent = paymentIntents.get(params.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded') return invalid('No such succeeded payment_intent', 'payment_intent');
      const amount = Number(params.get('amount') ?? intent.amount);
      if (amount > intent.amount) return invalid('Refund amount is greater than the charge', 'amount');
      refundsCreated++;
      return { status: 200, body: { id: nextId('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded', currency: 'aud' } };
    }
    return missing(path);
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = request.method ?? 'GET';
    const params = await readBody(request);
    let answer: Stored;
    if (!/^Bearer sk_test_/.test(request.headers.authorization ?? '')) {
      answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    } else {
      const key = request.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' && method === 'POST' ? `${url.pathname}:${key}` : null;
      const first = cacheKey ? idempotent.get(cacheKey) : undefined;
      answer = first ?? handle(method, url.pathname, params, url.searchParams);
      if (cacheKey && !first) idempotent.set(cacheKey, answer);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_fake${counter}` });
    response.end(JSON.stringify(answer.body));
  }

  const server: Server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    confirmSetup(setupIntentId, paymentMethodId) {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`fake Stripe: no SetupIntent ${setupIntentId}`);
      if (!TEST_METHODS[paymentMethodId]) throw new Error(`fake Stripe: no test payment method ${paymentMethodId}`);
      intent.status = 'succeeded';
      intent.payment_method = paymentMethodId;
    },
    setPaymentIntentStatus(paymentIntentId, status) {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`fake Stripe: no PaymentIntent ${paymentIntentId}`);
      intent.status = status;
    },
    get paymentIntentsCreated() {
      return paymentIntentsCreated;
    },
    get refundsCreated() {
      return refundsCreated;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
