import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { jobSchema, type CreateJobRequest } from '@tendly/domain/api/jobs';
import { sydneyDateFromToday } from './support/product-clock';
import { openSession, type BrowserSession } from './support/session';
import { callApi, signInByApi } from './support/api';
import { DEMO_PASSWORD, registerFreshAccount, signInAs, signInThroughForm, waitForEmail } from './support/accounts';

/**
 * Issue 17's notification journey: the demo worker Maya, signed in and on a page, sees her bell's
 * unread count rise without a reload when a new care seeker offers her a service agreement (made
 * through the API, as the offer form would); she opens the bell, finds the notification and
 * follows it to the agreement, which marks it read. axe checks each page she sees.
 */
const WORKER_EMAIL = 'worker@example.com';

let worker: BrowserSession;
let crPage: Page;
/** Made by the first test: the care seeker who offered Maya an agreement, and the offer. */
let offer: { careSeeker: { email: string; password: string }; contractId: string; mayaToken: string } | undefined;

const api = (method: string, path: string, token: string | null, body?: unknown) => callApi(worker.baseUrl, method, path, token, body);

const signIn = (email: string, password?: string) => signInByApi(worker.baseUrl, email, password);

/** The unread count in the bell's accessible name ("Notifications, 3 unread"), 0 when it has none. */
async function bellCount(page: Page): Promise<number> {
  const text = (await page.getByRole('banner').getByRole('link', { name: /^Notifications/ }).textContent()) ?? '';
  return Number(/, (\d+) unread/.exec(text)?.[1] ?? 0);
}


const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const PHONE = { width: 390, height: 844 };

/** A changed screen at 1280 and 390 px: it fits the phone without sideways scrolling and passes axe there; saved when SCREENSHOT_DIR is set. */
async function checkBothWidths(session: BrowserSession, name: string) {
  const page = session.page;
  const wide = page.viewportSize() ?? { width: 1280, height: 720 };
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  try {
    await session.settle();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(PHONE.width);
    await session.checkAccessibility();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-390.png`, fullPage: true });
  } finally {
    await page.setViewportSize(wide);
  }
}

/** The calendar event of a meet and greet, looking one week on when the day falls in the next week. */
async function findCalendarEvent(session: BrowserSession, name: RegExp) {
  const page = session.page;
  await page.getByRole('region', { name: 'Calendar', exact: true }).waitFor();
  await session.settle();
  const event = page.getByRole('region', { name: 'Calendar', exact: true }).getByText(name).first();
  if ((await event.count()) === 0) {
    await page.getByRole('button', { name: /^Next/ }).first().click();
    await session.settle();
  }
  await event.waitFor({ timeout: 15_000 });
  return event;
}

beforeAll(async () => {
  worker = await openSession();
  crPage = await signInAs(worker, WORKER_EMAIL);
});

afterAll(async () => {
  await worker?.close();
});

describe('notifications, end to end', { timeout: 120_000 }, () => {
  it('a worker sees a live notification when a care seeker offers her an agreement, and follows it', async () => {
    const careSeeker = await registerFreshAccount(worker.baseUrl, 'CS', 'Noor');
    const cs = await signIn(careSeeker.email, careSeeker.password);
    const maya = await signIn(WORKER_EMAIL);
    const draft: CreateJobRequest = {
      draftId: randomUUID(),
      supportCategory: 'AGED_CARE',
      supportType: ['AGEDGEN'],
      careFor: 'Me',
      location: '2000',
      availability: { tue: { morning: true } },
      approxHoursPerWeek: 2,
      tasks: ['CA'],
      hourlyRate: 5000,
      payingForCareType: 'PRIVATE',
      title: 'Tuesday mornings at the markets',
      htmlDescription: '<p>I would like company and a hand with my shopping at the markets on Tuesday mornings.</p>',
    };
    const job = jobSchema.parse(await api('POST', '/jobs', cs.authToken, draft));

    await worker.visit('/care-worker/dashboard');
    const bell = crPage.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await bell.waitFor();
    await worker.settle();
    const before = await bellCount(crPage);

    const contract = (await api('POST', '/contracts', cs.authToken, {
      workerId: maya.id,
      jobId: job.id,
      fundingType: 'PRIVATE',
      supportRequired: ['CTP'],
      supportDetails: 'Company and a hand with shopping at the markets on Tuesday mornings.',
      hourlyRateForWeekdays: 5000,
      saturdayRate: 5500,
      sundayRate: 6500,
      rateForPublicHoliday: 9000,
      rateForEveningCare: 5200,
      rateForOverniteCare: 6100,
      travelExpenseRate: 95,
      startDate: sydneyDateFromToday(2),
      emergencyContacts: [{ nameOfContact: 'Sami Haddad', relationshipToCareseeker: 'Son', phoneNumber: '0412 345 678' }],
    })) as { id: string };
    offer = { careSeeker, contractId: contract.id, mayaToken: maya.authToken };

    // No reload: the live event stream raises the bell's count.
    await expect.poll(() => bellCount(crPage), { timeout: 20_000, interval: 250 }).toBeGreaterThan(before);
    await worker.checkAccessibility();

    await bell.click();
    await crPage.waitForURL((url) => url.pathname === '/notifications');
    const list = crPage.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('link', { name: 'Noor Tester offered you a service agreement' });
    await item.waitFor();
    await worker.settle();
    await worker.checkAccessibility();
    const unreadBefore = await bellCount(crPage);

    await item.click();
    await crPage.waitForURL((url) => url.pathname === `/contracts/${contract.id}`);
    await crPage.getByRole('heading', { level: 1 }).waitFor();
    await worker.settle();
    await worker.checkAccessibility();
    await expect.poll(() => bellCount(crPage), { timeout: 10_000 }).toBe(unreadBefore - 1);
  });

  it('a care seeker chooses what she hears about, and stops one topic\u2019s emails from the link in one', async () => {
    if (!offer) throw new Error('The first test makes the offer this one needs');
    const session = await openSession();
    try {
      const page = await session.visit('/login');
      await signInThroughForm(page, offer.careSeeker.email, offer.careSeeker.password);
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
      await session.visit('/account-details');
      const form = page.getByRole('form', { name: 'Notifications and emails' });
      await form.getByRole('checkbox', { name: 'Job applications and invitations: by email' }).uncheck();
      await form.getByRole('checkbox', { name: 'Shifts booked, confirmed, changed or cancelled, and meet and greets asked for, accepted, declined or cancelled: in the app' }).uncheck();
      await form.getByRole('button', { name: 'Save notification choices' }).click();
      await form.getByText('Your choices are saved.').waitFor();
      await session.settle();
      await session.checkAccessibility();

      // Maya declines the offer: the care seeker is emailed, with the link that stops agreement emails.
      const since = new Date();
      await api('POST', `/contracts/${offer.contractId}/decline`, offer.mayaToken, { reason: 'I am fully booked on Tuesdays.' });
      const [link] = await waitForEmail(worker.baseUrl, offer.careSeeker.email, /https?:\/\/\S+\/unsubscribe\?topic=CONTRACTS&token=\S+/, since);
      const url = new URL(link);
      await session.visit(`${url.pathname}${url.search}`);
      await page.getByText('service agreements offered, accepted, declined or ended').waitFor();
      await session.settle();
      await session.checkAccessibility();
      await page.getByRole('button', { name: 'Stop these emails' }).click();
      await page.getByRole('heading', { name: 'You have unsubscribed' }).waitFor();
      await session.checkAccessibility();

      await session.visit('/account-details');
      await expect.poll(() => form.getByRole('checkbox', { name: 'Service agreements offered, accepted, declined or ended: by email' }).isChecked(), { timeout: 10_000 }).toBe(false);
      expect(await form.getByRole('checkbox', { name: 'Service agreements offered, accepted, declined or ended: in the app' }).isChecked()).toBe(true);
      expect(await form.getByRole('checkbox', { name: 'Job applications and invitations: by email' }).isChecked()).toBe(false);
      expect(await form.getByRole('checkbox', { name: 'Shifts booked, confirmed, changed or cancelled, and meet and greets asked for, accepted, declined or cancelled: in the app' }).isChecked()).toBe(false);
    } finally {
      await session.close();
    }
  });

  it('a care seeker asks for a meet and greet from the profile; the worker accepts from the notification; it is on both calendars, never billed', async () => {
    const maya = await signIn(WORKER_EMAIL);
    // Early on a day two days off, in Sydney time (the demo care seeker Helen lives in NSW).
    const day = sydneyDateFromToday(2);
    const session = await openSession();
    try {
      const page = await session.visit('/login');
      await signInThroughForm(page, 'careseeker@example.com', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
      await session.visit(`/carer/profile/${maya.id}`);
      await page.getByRole('button', { name: 'Ask for a meet and greet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ask Maya for a meet and greet' });
      await dialog.waitFor();
      await dialog.getByLabel('Date').fill(day);
      await dialog.getByLabel('Start time').fill('06:15');
      await dialog.getByLabel('Length').selectOption('15');
      await dialog.getByRole('radio', { name: 'Video call' }).check();
      await session.checkAccessibility();
      await checkBothWidths(session, 'meet-and-greet-request-dialog');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await dialog.getByText('Meet and greet requested').waitFor();
      await session.checkAccessibility();

      // Maya follows the notification to the meet and greet and accepts the time.
      await worker.visit('/notifications');
      const item = crPage.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: 'Helen Carter asked you for a meet and greet' }).first();
      await item.waitFor({ timeout: 20_000 });
      await item.click();
      await crPage.waitForURL((url) => url.pathname === '/my-bookings' && url.hash.startsWith('#meet-and-greet-'));
      const card = crPage.locator(new URL(crPage.url()).hash);
      await card.getByRole('button', { name: 'Accept this time' }).waitFor();
      await worker.settle();
      await worker.checkAccessibility();
      await checkBothWidths(worker, 'meet-and-greet-worker-answer');
      await card.getByRole('button', { name: 'Accept this time' }).click();
      await crPage.getByText(/^You accepted the meet and greet on .*6:15 am – 6:30 am \(NSW time\)\. It is on your calendar\.$/).waitFor();
      await worker.checkAccessibility();

      // Both calendars show it at its NSW time.
      await worker.visit('/my-calendar');
      await findCalendarEvent(worker, /Meet and greet with Helen Carter/);
      await worker.checkAccessibility();
      await checkBothWidths(worker, 'meet-and-greet-worker-calendar');
      await session.visit('/my-calendar');
      await findCalendarEvent(session, /Meet and greet with Maya Fernando/);
      await session.checkAccessibility();
      await checkBothWidths(session, 'meet-and-greet-care-seeker-calendar');

      // Helen sees it accepted on My bookings, and it never became a shift.
      await session.visit('/my-bookings');
      await page.getByRole('article', { name: 'Meet and greet with Maya Fernando' }).getByText('Accepted').first().waitFor();
      await checkBothWidths(session, 'meet-and-greet-care-seeker-bookings');
      const shifts = (await api('GET', `/my/calendar?from=${encodeURIComponent(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString())}`, maya.authToken)) as { shifts: { startLocal: string }[] };
      expect(shifts.shifts.filter((shift) => shift.startLocal === `${day}T06:15`)).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
