import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORKER_PROFILE_FAILED } from '@tendly/domain/errors';
import { renderApp } from '../../app/test-app';
import { deferredReply, mockApi, type ApiRoutes } from '../../app/test-api';
import { testUser } from '../../app/test-sessions';
import { readRedirectState } from '../../platform/redirect-state';
import { setSignedInUser, startAliasSession } from '../../platform/session';
import { testMyJobPost } from '../../app/test-jobs';
import { setUpPageTests } from '../../app/test-page-setup';
import { expectWeekTableHeaders } from '../../app/test-week-table';
import { shortlistAnswer, workerProfileAnswer } from './test-profile-api';

setUpPageTests(() => import('./public-profile-page'));

const PROFILE_PATH = '/carer/profile/worker-1';
const slow = { timeout: 10_000 };

function profileApi(routes: ApiRoutes = {}) {
  return mockApi({
    'GET /api/carer/worker-1': () => [200, workerProfileAnswer()],
    'GET /api/shortlist': () => [200, []],
    ...routes,
  });
}

async function openProfile() {
  const view = renderApp(PROFILE_PATH);
  await screen.findByRole('heading', { level: 1, name: 'Eleni P.' }, slow);
  return view;
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('the public worker profile', { timeout: 30_000 }, () => {
  it('shows a loading skeleton, then the whole profile', async () => {
    const pending = deferredReply();
    profileApi({ 'GET /api/carer/worker-1': pending.reply });
    renderApp(PROFILE_PATH);
    expect(await screen.findByText('Loading the worker’s profile', {}, slow)).toBeTruthy();
    pending.resolve([200, workerProfileAnswer()]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Eleni P.' }, slow)).toBeTruthy();
    expect(screen.queryByText('Loading the worker’s profile')).toBeNull();
    expect(screen.getByText('Marrickville NSW')).toBeTruthy();
    expect(screen.getByText('Patient aged care worker who speaks Greek')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5' })).toHaveLength(1);
    expect(screen.getByText('4.5 from 2 reviews')).toBeTruthy();
    // The title names the worker, for shared links and the browser tab.
    await waitFor(() => expect(document.title).toBe('Eleni P., care and support worker in Marrickville NSW | Tendly'));
    expect(section('About Eleni').getByText(/eight years/)).toBeTruthy();

    const skills = section('Skills and experience');
    expect(skills.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Aged care',
      'Disability',
      'Mental health',
    ]);
    expect(skills.getByText('Dementia')).toBeTruthy();
    expect(section('Everyday help').getByText('Cooking')).toBeTruthy();
    expect(section('Languages').getAllByRole('listitem').map((item) => item.textContent)).toEqual(['English', 'Greek']);
    expect(section('Qualifications').getByText('Certificate III in Individual Support')).toBeTruthy();
  });

  it('shows the rates in dollars from cents, with the sleepover per night', async () => {
    profileApi();
    await openProfile();
    const rates = within(screen.getByRole('table', { name: 'Eleni’s rates, in Australian dollars' }));
    const row = (name: string) => within(rates.getByRole('rowheader', { name }).closest('tr') as HTMLElement);
    expect(row('Weekdays').getByText('$45.50 an hour')).toBeTruthy();
    expect(row('Saturdays').getByText('$55.00 an hour')).toBeTruthy();
    expect(row('Sundays').getByText('$62.50 an hour')).toBeTruthy();
    expect(row('Public holidays').getByText('$80.00 an hour')).toBeTruthy();
    expect(row('Weekday evenings').getByText('$50.00 an hour')).toBeTruthy();
    expect(row('Active overnight').getByText('Not offered')).toBeTruthy();
    expect(row('Sleepover').getByText('$250.00 a night')).toBeTruthy();
  });

  it('leaves out the sleepover when the worker does not offer one', async () => {
    profileApi({
      'GET /api/carer/worker-1': () => [200, workerProfileAnswer({ rates: { ...workerProfileAnswer().rates, sleepover: null } })],
    });
    await openProfile();
    expect(screen.queryByRole('rowheader', { name: 'Sleepover' })).toBeNull();
  });

  it('shows availability as a table with day and time headers and words in every cell', async () => {
    profileApi();
    await openProfile();
    const table = screen.getByRole('table', { name: 'When Eleni is usually available' });
    expectWeekTableHeaders(table);
    const cells = (day: string) =>
      within(within(table).getByRole('rowheader', { name: day }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/^\S+\s/, ''));
    expect(cells('Monday')).toEqual(['Available', 'Not available', 'Not available']);
    expect(cells('Wednesday')).toEqual(['Not available', 'Available', 'Not available']);
    expect(cells('Saturday')).toEqual(['Not available', 'Not available', 'Available']);
  });

  it('shows the checks with the dates verified, driving, personal care and the reviews', async () => {
    profileApi();
    await openProfile();
    const checks = section('Background checks');
    expect(checks.getByText('Verified on 3 March 2025')).toBeTruthy();
    expect(checks.getByText('Verified on 20 November 2024')).toBeTruthy();
    expect(checks.getByText('Not verified yet')).toBeTruthy();

    const gettingAround = section('Driving and personal care');
    expect(gettingAround.getByText('Has a driver’s licence')).toBeTruthy();
    expect(gettingAround.getByText('No car')).toBeTruthy();
    expect(gettingAround.getByText('Travels up to 15 km')).toBeTruthy();
    expect(gettingAround.getByText('Offers personal care')).toBeTruthy();

    const reviews = section('Reviews (2)');
    const margaret = within(reviews.getByRole('article', { name: 'Margaret' }));
    expect(margaret.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(margaret.getByText('10 May 2025')).toBeTruthy();
    expect(margaret.getByText('Eleni is wonderful with Mum.')).toBeTruthy();
    expect(within(reviews.getByRole('article', { name: 'Tom' })).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
  });

  it('says clearly when there is no such worker (404)', async () => {
    profileApi({ 'GET /api/carer/worker-1': () => [404, { message: 'Worker not found', code: 'NOT_FOUND' }] });
    renderApp(PROFILE_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this worker' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find other care and support workers' }).getAttribute('href')).toBe('/care-workers/search');
    expect(screen.queryByText(WORKER_PROFILE_FAILED)).toBeNull();
  });

  it("shows the spec's failure message on any other failure, and tries again", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { requests } = profileApi({
      'GET /api/carer/worker-1': () => {
        calls += 1;
        // The query retries a server error once before failing; the third call works.
        return calls <= 2 ? [500, { message: 'Something broke', code: 'INTERNAL' }] : [200, workerProfileAnswer()];
      },
    });
    renderApp(PROFILE_PATH);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText(WORKER_PROFILE_FAILED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Eleni P.' }, slow)).toBeTruthy();
    expect(requests.filter((request) => request.path === '/api/carer/worker-1')).toHaveLength(3);
  });
});

describe('shortlist and contact on the profile', { timeout: 30_000 }, () => {
  it.each([
    ['Shortlist', 'Please sign in to shortlist Eleni.'],
    ['Contact Eleni', 'Please sign in to contact Eleni.'],
  ])('asks a visitor who presses %s to sign in, and to come back here', async (button, message) => {
    const user = userEvent.setup();
    const { requests } = profileApi();
    const { router } = await openProfile();
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readRedirectState(router.state.location.state)).toEqual({ message, returnTo: PROFILE_PATH });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith('/api/shortlist'))).toBe(false);
  });

  it('lets a care seeker shortlist a worker and take them off again, announcing each change', async () => {
    const user = userEvent.setup();
    let shortlist: string[] = [];
    const { requests } = profileApi({
      'GET /api/shortlist': () => [200, shortlistAnswer(shortlist)],
      'POST /api/shortlist': () => {
        shortlist = ['worker-1'];
        return [201, shortlistAnswer(['worker-1'])[0]];
      },
      'DELETE /api/shortlist/worker-1': () => {
        shortlist = [];
        return [204];
      },
    });
    setSignedInUser(testUser('CS'));
    await openProfile();
    const button = screen.getByRole('button', { name: 'Shortlist' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({ path: '/api/shortlist', body: { carerId: 'worker-1' }, authToken: 'token-cs' });
    const status = screen.getAllByRole('status').find((element) => element.textContent === 'Eleni P. is on your shortlist.');
    expect(status).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your shortlist in My workers' }).getAttribute('href')).toBe('/my-workers');

    await user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(requests.some((request) => request.method === 'DELETE' && request.path === '/api/shortlist/worker-1')).toBe(true);
    expect(screen.getByText('Eleni P. is no longer on your shortlist.').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('link', { name: 'See your shortlist in My workers' })).toBeNull();
  });

  it('shows a worker already on the shortlist as pressed, and says when a change fails', async () => {
    const user = userEvent.setup();
    profileApi({
      'GET /api/shortlist': () => [200, shortlistAnswer(['worker-1'])],
      'DELETE /api/shortlist/worker-1': () => [500, { message: 'Something broke', code: 'INTERNAL' }],
    });
    setSignedInUser(testUser('CS'));
    await openProfile();
    const button = screen.getByRole('button', { name: 'Shortlist' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('We could not remove Eleni P. from your shortlist. Please try again.');
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('gives a coordinator acting for a client the care seeker actions, on the client’s shortlist', async () => {
    const { requests } = profileApi();
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: 'sam@example.com', role: 'CS' });
    await openProfile();
    expect(screen.getByRole('button', { name: 'Shortlist' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact Eleni' })).toBeTruthy();
    await waitFor(() => expect(requests.find((request) => request.path === '/api/shortlist')?.authToken).toBe('alias-token'));
  });

  it('offers a care seeker, and a coordinator acting for one, a service agreement with the worker (issue 31)', async () => {
    const { requests } = profileApi({ 'GET /api/contracts': () => [200, { contracts: [] }] });
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: 'sam@example.com', role: 'CS' });
    await openProfile();
    const offer = await screen.findByRole('link', { name: 'Offer a service agreement to Eleni P.' });
    expect(offer.getAttribute('href')).toBe('/offer-contract?workerId=worker-1');
    expect(requests.find((request) => request.path === '/api/contracts')?.authToken).toBe('alias-token');
  });

  it.each(['CR', 'SUPPORT', 'ADMIN'] as const)('shows a %s neither Shortlist nor Contact', async (role) => {
    const { requests } = profileApi();
    setSignedInUser(testUser(role));
    await openProfile();
    expect(screen.queryByRole('button', { name: 'Shortlist' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Contact/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Offer a service agreement/ })).toBeNull();
    expect(requests.some((request) => request.path === '/api/shortlist')).toBe(false);
  });
});

describe('contacting a worker', { timeout: 30_000 }, () => {
  async function openContactDialog(routes: ApiRoutes = {}) {
    const user = userEvent.setup();
    const api = profileApi(routes);
    setSignedInUser(testUser('CS'));
    await openProfile();
    const contact = screen.getByRole('button', { name: 'Contact Eleni' });
    await user.click(contact);
    const dialog = await screen.findByRole('dialog', { name: 'Contact Eleni P.' });
    return { user, api, contact, dialog: within(dialog) };
  }

  const goodMessage = 'Hello Eleni, my mum needs help with shopping on Monday mornings.';

  it('opens with focus in the message, checks it with the domain schema, sends it and confirms', async () => {
    const { user, api, contact, dialog } = await openContactDialog({
      'POST /api/carer/worker-1/enquiries': () => [201, { id: 'enquiry-1', sentAt: '2025-06-01T12:00:00.000Z', conversationId: '10000000-0000-4000-8000-000000000001' }],
    });
    const message = dialog.getByLabelText('Your message to Eleni');
    await waitFor(() => expect(document.activeElement).toBe(message));

    await user.type(message, 'Hi there');
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    const summary = dialog.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Please write at least 20 characters so the worker knows what you need' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((request) => request.path.endsWith('/enquiries'))).toBe(false);

    await user.clear(message);
    await user.type(message, `  ${goodMessage}  `);
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    const sent = await dialog.findByRole('status');
    expect(within(sent).getByRole('heading', { name: 'Message sent' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(api.requests.find((request) => request.path === '/api/carer/worker-1/enquiries')).toMatchObject({
      method: 'POST',
      body: { message: goodMessage },
      authToken: 'token-cs',
    });

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(contact));
  });

  it('offers to open the conversation the enquiry started', async () => {
    const conversationId = '10000000-0000-4000-8000-000000000001';
    const { user, dialog } = await openContactDialog({
      'POST /api/carer/worker-1/enquiries': () => [201, { id: 'enquiry-1', sentAt: '2025-06-01T12:00:00.000Z', conversationId }],
    });
    await user.type(dialog.getByLabelText('Your message to Eleni'), goodMessage);
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    const sent = await dialog.findByRole('status');
    expect(within(sent).getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(`/messages?conversation=${conversationId}`);
  });

  it('says when too many messages were sent (429), keeping the message', async () => {
    const { user, dialog } = await openContactDialog({
      'POST /api/carer/worker-1/enquiries': () => [429, { message: 'Too many attempts. Please try again in 20 minutes.', code: 'RATE_LIMITED' }],
    });
    const message = dialog.getByLabelText('Your message to Eleni');
    await user.type(message, goodMessage);
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('You have sent a lot of messages in a short time. Too many attempts. Please try again in 20 minutes.');
    expect((message as HTMLTextAreaElement).value).toBe(goodMessage);
  });

  it("shows the server's field error on the message", async () => {
    const { user, dialog } = await openContactDialog({
      'POST /api/carer/worker-1/enquiries': () => [
        400,
        { message: 'Invalid request', code: 'VALIDATION', errors: { message: 'Please keep your message under 2000 characters' } },
      ],
    });
    const message = dialog.getByLabelText('Your message to Eleni');
    await user.type(message, goodMessage);
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    expect(await dialog.findByRole('link', { name: 'Please keep your message under 2000 characters' })).toBeTruthy();
    expect(message.getAttribute('aria-invalid')).toBe('true');
  });

  it('closes on Cancel, sending nothing', async () => {
    const { user, api, contact, dialog } = await openContactDialog();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(contact));
    expect(api.requests.some((request) => request.path.endsWith('/enquiries'))).toBe(false);
  });
});

describe('inviting a worker to apply', { timeout: 30_000 }, () => {
  async function openInviteDialog(routes: ApiRoutes = {}) {
    const user = userEvent.setup();
    const api = profileApi({
      'GET /api/my/job-posts': () => [
        200,
        [
          testMyJobPost(),
          testMyJobPost({ id: 'job-2', title: 'Weekend outings in Newtown' }),
          testMyJobPost({ id: 'job-3', title: 'A closed job', status: 'CLOSED' }),
        ],
      ],
      ...routes,
    });
    setSignedInUser(testUser('CS'));
    await openProfile();
    const invite = screen.getByRole('button', { name: 'Invite to apply' });
    await user.click(invite);
    const dialog = await screen.findByRole('dialog', { name: 'Invite Eleni P. to apply' });
    return { user, api, invite, dialog: within(dialog) };
  }

  it('lists the care seeker’s open jobs, asks which one, and sends the invitation with the note', async () => {
    const { user, api, dialog } = await openInviteDialog({
      'POST /api/jobs/job-2/invitations': () => [201, { id: 'invitation-1', carerId: 'worker-1', invitedAt: '2025-03-14T02:00:00.000Z' }],
    });
    const jobs = await dialog.findAllByRole('radio');
    expect(jobs.map((radio) => radio.getAttribute('value'))).toEqual(['job-1', 'job-2']);
    expect(dialog.queryByLabelText(/A closed job/)).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByRole('link', { name: 'Choose the job you would like Eleni to apply for' })).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(dialog.getByRole('radio', { name: /Weekend outings in Newtown/ }));
    await user.type(dialog.getByLabelText('A note to Eleni (optional)'), 'Mum would love someone who speaks Greek.');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByRole('heading', { name: 'Invitation sent' })).toBeTruthy();
    expect(dialog.getByText(/We have emailed Eleni an invitation to apply for “Weekend outings in Newtown”/)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/api/jobs/job-2/invitations',
      body: { carerId: 'worker-1', message: 'Mum would love someone who speaks Greek.' },
    });
  });

  it('shows the API’s words when the worker was already invited to that job (409)', async () => {
    const message = 'You have already invited this worker to this job.';
    const { user, dialog } = await openInviteDialog({
      'POST /api/jobs/job-1/invitations': () => [409, { message, code: 'CONFLICT' }],
    });
    await user.click(await dialog.findByRole('radio', { name: /Friendly help/ }));
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(within(await dialog.findByRole('alert')).getByText(message)).toBeTruthy();
  });

  it('offers to post a job when the care seeker has no open job', async () => {
    const { dialog } = await openInviteDialog({ 'GET /api/my/job-posts': () => [200, [testMyJobPost({ status: 'FILLED' })]] });
    expect(await dialog.findByText(/You have no open jobs to invite Eleni to/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Post a job' }).getAttribute('href')).toBe('/careseeker/post-a-job');
  });

  it('is not offered to a visitor', async () => {
    profileApi();
    await openProfile();
    expect(screen.queryByRole('button', { name: 'Invite to apply' })).toBeNull();
  });
});
