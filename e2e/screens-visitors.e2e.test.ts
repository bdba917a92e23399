import { beforeAll, describe, expect, it } from 'vitest';
import { forgetSession, signInAs } from './support/accounts';
import { phone, PHONE, walkEveryScreen } from './support/screen-walk';

// Every screen for a visitor, a care seeker and a coordinator acting for a client: public routes,
// menus and phone layout, one sign-in per role (the other roles: screens-workers).
walkEveryScreen(['visitor', 'care seeker', 'support coordinator acting for a client']);

describe('a link from an email on a phone', () => {
  beforeAll(async () => {
    await phone.session.page.setViewportSize(PHONE);
    await forgetSession(phone.session.page);
    await signInAs(phone.session, 'careseeker@example.com');
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
