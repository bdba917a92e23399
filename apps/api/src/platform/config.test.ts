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
    expect(loadConfig({ NODE_ENV: 'production', LINK_SIGNING_SECRET: 'x'.repeat(32) }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
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

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', SUPPORT_EMAIL: 'not-an-email' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', SUPPORT_EMAIL: 'not-an-email' });
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/SUPPORT_EMAIL/);
    }
  });
});
