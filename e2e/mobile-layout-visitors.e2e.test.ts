import { beforeAll, describe, expect, it } from 'vitest';
import { forgetSession, signInThroughForm } from './support/accounts';
import { checkScreensOnAPhone, phone, PHONE } from './support/mobile-layout';

// Every built screen at 390 px for a visitor and a care seeker (the other roles: mobile-layout-workers).
checkScreensOnAPhone(['visitor', 'care seeker']);

describe('a link from an email on a phone', () => {
  beforeAll(async () => {
    await phone.session.visit('/');
    await forgetSession(phone.session.page);
    await phone.session.visit('/login');
    await signInThroughForm(phone.session.page, 'careseeker@example.com');
    await phone.session.page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  });

  it('to a job’s applicants opens the page at the applicants, not at the top of the list of jobs', async () => {
    const page = await phone.session.visit(`/my-job-posts?job=${phone.jobId}`);
    const heading = page.getByRole('heading', { level: 2, name: /^Applicants for/ });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Applicants for'));
    const box = await heading.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? Infinity).toBeLessThan(PHONE.height);
  });
});
