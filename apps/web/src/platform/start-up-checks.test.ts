import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '@tendly/domain/site-config';
import { testSiteConfig } from '../app/test-app';
import { testUser } from '../app/test-sessions';
import { readRedirectState } from './redirect-state';
import { isAliasSession, isSessionUser } from './session';
import { isSiteConfig } from './site-config';

// The hand-written checks that replace zod on the first page load must agree with the domain's
// schemas on what they accept, and must refuse what would be unsafe.
describe('the start-up checks', () => {
  it('accept the site configuration the schema accepts, and refuse a broken one', () => {
    const config = testSiteConfig();
    expect(siteConfigSchema.safeParse(config).success).toBe(true);
    expect(isSiteConfig(config)).toBe(true);
    expect(isSiteConfig({ ...config, brandName: '' })).toBe(false);
    expect(isSiteConfig({ ...config, partners: { one: config.partners.one } })).toBe(false);
    expect(isSiteConfig({ ...config, links: { blog: 42 } })).toBe(false);
    expect(isSiteConfig(null)).toBe(false);
    expect(isSiteConfig([config])).toBe(false);
  });

  it('accept a stored user of every role, and refuse one without a token or with an unknown role', () => {
    for (const role of ['CS', 'CR', 'SUPPORT', 'ADMIN'] as const) expect(isSessionUser(testUser(role))).toBe(true);
    expect(isSessionUser({ ...testUser('CS'), authToken: '' })).toBe(false);
    expect(isSessionUser({ ...testUser('CS'), role: 'ROOT' })).toBe(false);
    expect(isSessionUser({ ...testUser('CR'), profileStatus: 'SUSPENDED' })).toBe(false);
    expect(isSessionUser({ ...testUser('CS'), phone: null, profileStatus: null })).toBe(true);
    expect(isAliasSession({ aliasToken: 't', id: 'u1', name: 'Ana Lee', firstName: 'Ana', email: 'ana@example.com', role: 'CS' })).toBe(true);
    expect(isAliasSession({ aliasToken: '', id: 'u1', name: 'Ana Lee', firstName: 'Ana', email: 'ana@example.com', role: 'CS' })).toBe(false);
  });

  it('read a redirect message and a return path on this site, and nothing else', () => {
    expect(readRedirectState({ message: 'Please login', returnTo: '/my-workers?x=1' })).toEqual({
      message: 'Please login',
      returnTo: '/my-workers?x=1',
    });
    expect(readRedirectState({ returnTo: 'https://evil.example/' })).toEqual({});
    expect(readRedirectState({ returnTo: '//evil.example/' })).toEqual({});
    expect(readRedirectState({ message: 7 })).toEqual({});
    expect(readRedirectState('not an object')).toEqual({});
  });
});
