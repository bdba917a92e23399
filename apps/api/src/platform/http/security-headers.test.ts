import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { thirdPartyHosts } from './security-headers';

describe('third-party hosts in the Content Security Policy', () => {
  it('adds none by default, so the policy stays strict', () => {
    expect(thirdPartyHosts(loadConfig({}))).toEqual({ scriptSrc: [], connectSrc: [], frameSrc: [] });
  });

  it('adds only the hosts of the configured services', () => {
    const hosts = thirdPartyHosts(
      loadConfig({ CHAT_WIDGET_TOKEN: 'token', ERROR_REPORTING_DSN: 'https://key@o1.ingest.sentry.io/2', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    );
    expect(hosts.scriptSrc).toEqual(['https://wchat.freshchat.com', 'https://js.sentry-cdn.com', 'https://browser.sentry-cdn.com', 'https://js.stripe.com']);
    expect(hosts.connectSrc).toEqual(['https://wchat.freshchat.com', 'https://o1.ingest.sentry.io', 'https://api.stripe.com']);
    expect(hosts.frameSrc).toEqual(['https://wchat.freshchat.com', 'https://js.stripe.com']);
    expect(hosts.scriptSrc.join(' ')).not.toContain('hotjar');
    expect(thirdPartyHosts(loadConfig({ SESSION_RECORDING_ID: '123' })).scriptSrc).toEqual([
      'https://static.hotjar.com',
      'https://script.hotjar.com',
    ]);
  });

  it('allows Stripe (Elements script and frames, its API) only when Stripe is configured', () => {
    const stripe = thirdPartyHosts(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }));
    expect(stripe).toEqual({ scriptSrc: ['https://js.stripe.com'], connectSrc: ['https://api.stripe.com'], frameSrc: ['https://js.stripe.com'] });
    // The built-in test provider (no keys) loads nothing from Stripe.
    const test = thirdPartyHosts(loadConfig({}));
    expect([...test.scriptSrc, ...test.connectSrc, ...test.frameSrc].join(' ')).not.toContain('stripe');
  });
});
