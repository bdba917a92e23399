import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults that run the product locally on PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BRAND_NAME).toBe('Tendly');
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
    expect(config.PORT).toBe(4100);
    expect(config.dataDir).toBe('/tmp/x');
    expect(config.DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('never seeds demo data in production unless told to', () => {
    expect(loadConfig({ NODE_ENV: 'production', LINK_SIGNING_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32), PLATFORM_BANK_ACCOUNT_NAME: 'Tendly Pty Ltd', PLATFORM_BANK_BSB: '062-000', PLATFORM_BANK_ACCOUNT_NUMBER: '10203040' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('warms up with 300 requests per hot path, none under NODE_ENV=test unless WARM_UP_REQUESTS says so', () => {
    expect(loadConfig({}).warmUpRequests).toBe(300);
    expect(loadConfig({ NODE_ENV: 'test' }).warmUpRequests).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', WARM_UP_REQUESTS: '20' }).warmUpRequests).toBe(20);
    expect(loadConfig({ WARM_UP_REQUESTS: '0' }).warmUpRequests).toBe(0);
  });

  it('uses a language model only when both LLM_BASE_URL and LLM_API_KEY are set', () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8080/v1', LLM_API_KEY: 'sk-test' }).llm).toEqual({
      baseUrl: 'http://127.0.0.1:8080/v1',
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      timeoutMs: 4000,
    });
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/LLM_API_KEY/);
    expect(() => loadConfig({ LLM_BASE_URL: 'not a url', LLM_API_KEY: 'sk-test' })).toThrow(/LLM_BASE_URL/);
  });

  it('sends administrators to the admin home at /admin unless ADMIN_URL names another address or path', () => {
    expect(loadConfig({}).ADMIN_URL).toBe('/admin');
    expect(loadConfig({ ADMIN_URL: 'https://admin.example.com/' }).ADMIN_URL).toBe('https://admin.example.com/');
    expect(loadConfig({ ADMIN_URL: '/console' }).ADMIN_URL).toBe('/console');
    for (const bad of ['admin', '//evil.example.com', 'javascript:alert(1)']) {
      expect(() => loadConfig({ ADMIN_URL: bad }), bad).toThrow(/ADMIN_URL: must be a full URL or a path on this site/);
    }
  });

  it('sends job alerts within 25 km unless JOB_ALERT_RADIUS_KM says otherwise', () => {
    expect(loadConfig({}).JOB_ALERT_RADIUS_KM).toBe(25);
    expect(loadConfig({ JOB_ALERT_RADIUS_KM: '40' }).JOB_ALERT_RADIUS_KM).toBe(40);
    expect(() => loadConfig({ JOB_ALERT_RADIUS_KM: 'far' })).toThrow(/JOB_ALERT_RADIUS_KM/);
  });

  it('needs LINK_SIGNING_SECRET in production, and a long enough one wherever it is set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/LINK_SIGNING_SECRET: required in production/);
    expect(() => loadConfig({ LINK_SIGNING_SECRET: 'short' })).toThrow(/LINK_SIGNING_SECRET/);
    expect(loadConfig({}).LINK_SIGNING_SECRET).toBeUndefined();
    expect(loadConfig({ LINK_SIGNING_SECRET: 's'.repeat(40) }).LINK_SIGNING_SECRET).toBe('s'.repeat(40));
  });

  it('needs ENCRYPTION_KEY in production, and 32 bytes as hex or base64 wherever it is set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', LINK_SIGNING_SECRET: 'x'.repeat(32) })).toThrow(/ENCRYPTION_KEY: required in production/);
    expect(loadConfig({}).ENCRYPTION_KEY).toBeUndefined();
    expect(loadConfig({ ENCRYPTION_KEY: 'ab'.repeat(32) }).ENCRYPTION_KEY).toBe('ab'.repeat(32));
    expect(loadConfig({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).ENCRYPTION_KEY).toBeDefined();
    for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(16, 7).toString('base64'), 'zz'.repeat(32)]) {
      expect(() => loadConfig({ ENCRYPTION_KEY: bad }), bad).toThrow(/ENCRYPTION_KEY: must be 32 bytes/);
    }
  });

  it('needs the platform’s bank account in production, where the demo account would be printed on invoices', () => {
    const production = { NODE_ENV: 'production', LINK_SIGNING_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32) } as const;
    expect(() => loadConfig(production)).toThrow(/PLATFORM_BANK_ACCOUNT_NAME, PLATFORM_BANK_BSB, PLATFORM_BANK_ACCOUNT_NUMBER: required in production/);
    expect(() => loadConfig({ ...production, PLATFORM_BANK_ACCOUNT_NAME: 'Care Co', PLATFORM_BANK_BSB: '083-004' })).toThrow(/PLATFORM_BANK_ACCOUNT_NUMBER: required in production/);
    expect(loadConfig({ ...production, PLATFORM_BANK_ACCOUNT_NAME: 'Care Co', PLATFORM_BANK_BSB: '083004', PLATFORM_BANK_ACCOUNT_NUMBER: '12345678' }).PLATFORM_BANK_BSB).toBe('083004');
    expect(loadConfig({}).PLATFORM_BANK_ACCOUNT_NUMBER).toBe('10203040');
    expect(() => loadConfig({ PLATFORM_BANK_BSB: '62-000' })).toThrow(/PLATFORM_BANK_BSB: must be a BSB of six digits/);
  });

  it('kills a process blocked for 30 s unless EVENT_LOOP_WATCHDOG_MS says otherwise; 0 turns the watchdog off', () => {
    expect(loadConfig({}).EVENT_LOOP_WATCHDOG_MS).toBe(30_000);
    expect(loadConfig({ EVENT_LOOP_WATCHDOG_MS: '5000' }).EVENT_LOOP_WATCHDOG_MS).toBe(5000);
    expect(loadConfig({ EVENT_LOOP_WATCHDOG_MS: '0' }).EVENT_LOOP_WATCHDOG_MS).toBe(0);
    expect(() => loadConfig({ EVENT_LOOP_WATCHDOG_MS: 'soon' })).toThrow(/EVENT_LOOP_WATCHDOG_MS/);
    for (const bad of ['500', '-1', '1e9']) {
      expect(() => loadConfig({ EVENT_LOOP_WATCHDOG_MS: bad }), bad).toThrow(/EVENT_LOOP_WATCHDOG_MS: must be 0 \(off\) or from 1000 to 600000 milliseconds/);
    }
  });

  it('keeps the real clock unless TEST_CLOCK names an instant, which only tests on the embedded database may', () => {
    expect(loadConfig({}).TEST_CLOCK).toBeUndefined();
    expect(loadConfig({ TEST_CLOCK: '' }).TEST_CLOCK).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: '2026-12-06T23:58:30+11:00' }).TEST_CLOCK).toBe('2026-12-06T23:58:30+11:00');
    for (const bad of ['2026-12-06', '2026-12-06T23:58:30', 'midnight']) {
      expect(() => loadConfig({ TEST_CLOCK: bad }), bad).toThrow(/TEST_CLOCK: must be an ISO 8601 instant with its zone/);
    }
    const production = { NODE_ENV: 'production', LINK_SIGNING_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32), PLATFORM_BANK_ACCOUNT_NAME: 'Tendly Pty Ltd', PLATFORM_BANK_BSB: '062-000', PLATFORM_BANK_ACCOUNT_NUMBER: '10203040' } as const;
    expect(() => loadConfig({ ...production, TEST_CLOCK: '2026-12-06T23:58:30+11:00' })).toThrow(/TEST_CLOCK: for tests only; never set it in production/);
    expect(() => loadConfig({ TEST_CLOCK: '2026-12-06T23:58:30+11:00', DATABASE_URL: 'postgres://db/tendly' })).toThrow(/TEST_CLOCK: only on the embedded database/);
  });

  it('serves the API documentation outside production only, unless API_DOCS_PUBLIC says otherwise', () => {
    const production = { NODE_ENV: 'production', LINK_SIGNING_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32), PLATFORM_BANK_ACCOUNT_NAME: 'Tendly Pty Ltd', PLATFORM_BANK_BSB: '062-000', PLATFORM_BANK_ACCOUNT_NUMBER: '10203040' } as const;
    expect(loadConfig({}).apiDocsPublic).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocsPublic).toBe(true);
    expect(loadConfig(production).apiDocsPublic).toBe(false);
    expect(loadConfig({ ...production, API_DOCS_PUBLIC: 'true' }).apiDocsPublic).toBe(true);
    expect(loadConfig({ API_DOCS_PUBLIC: 'false' }).apiDocsPublic).toBe(false);
    expect(() => loadConfig({ API_DOCS_PUBLIC: 'maybe' })).toThrow(/API_DOCS_PUBLIC/);
  });

  it('trusts no proxy unless TRUST_PROXY names a number of them or their addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1', 'loopback', 'fd00::/8']);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/99', '300.1.1.1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', SUPPORT_EMAIL: 'not-an-email' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', SUPPORT_EMAIL: 'not-an-email' });
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/SUPPORT_EMAIL/);
    }
  });

  it('keeps files on disk unless S3_BUCKET is set, and wants both S3 keys or neither', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    const s3 = loadConfig({ S3_BUCKET: 'tendly-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(s3).toMatchObject({ S3_BUCKET: 'tendly-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'ap-southeast-2' });
    expect(() => loadConfig({ S3_BUCKET: 'tendly-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/);
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket!' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(ConfigError);
  });
});
