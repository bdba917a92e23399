import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verificationSuccessMessage } from '@tendly/domain/errors';
import { renderApp } from '../../app/test-app';
import { deferredReply, mockApi, signInAnswer, type SentRequest } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { expectWeekTableHeaders } from '../../app/test-week-table';
import { testUser } from '../../app/test-sessions';
import { testApplicantWorker } from '../../app/test-jobs';
import { getSession, setSignedInUser, startAliasSession } from '../../platform/session';
import { JOB_DRAFT_STORAGE_KEY } from '../../platform/stored-drafts';
import { giveJsdomWhatTheEditorMeasures } from './test-editor-dom';
import { completeJobFormValues, jobAnswer, storeJobDraft, TEST_DRAFT_ID } from './test-job-draft';

setUpPageTests(async () => {
  giveJsdomWhatTheEditorMeasures();
  await Promise.all([import('./post-job-page'), import('./rich-text-editor')]);
});

const slow = { timeout: 15_000 };

async function findStepHeading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, slow);
}

function storedDraft(): { draftId: string; ownerId: string | null; values: Record<string, unknown> } | null {
  const raw = window.localStorage.getItem(JOB_DRAFT_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as { draftId: string; ownerId: string | null; values: Record<string, unknown> });
}

const postsTo = (requests: SentRequest[], path: string) => requests.filter((request) => request.method === 'POST' && request.path === path);

describe('the post a job wizard', { timeout: 60_000 }, () => {
  it('will not move on until a step is answered, showing each message on its field and in a summary that takes focus', async () => {
    const user = userEvent.setup();
    mockApi({});
    const { router } = renderApp('/careseeker/post-a-job');
    await findStepHeading('Step 1 of 9: The support needed');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-1');
    expect(screen.getByText('Tell us what kind of support is needed and who it is for.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Choose the kind of support needed', 'Choose at least one type of support', 'Tell us who the support is for']);
    const category = screen.getByRole('radiogroup', { name: /What kind of support is needed/ });
    expect(category.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(category.parentElement ?? category).getByText('Choose the kind of support needed')).toBeTruthy();

    // The summary's link takes the user to the field, and the field's message clears on focus.
    await user.click(within(summary).getByRole('link', { name: 'Choose the kind of support needed' }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Aged care' }));
    await waitFor(() => expect(within(category.parentElement ?? category).queryByText('Choose the kind of support needed')).toBeNull());
    // The summary stays as it was until the next attempt, so nothing moves under the pointer.
    expect(within(summary).getByRole('link', { name: 'Choose the kind of support needed' })).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Aged care' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dementia' }));
    await user.click(screen.getByRole('radio', { name: 'A client I support professionally' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const second = await screen.findByRole('alert');
    expect(within(second).getAllByRole('link').map((link) => link.textContent)).toEqual(['Tell us your role']);
    await user.click(screen.getByRole('radio', { name: 'Support coordinator' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const where = await findStepHeading('Step 2 of 9: Where');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-2');
    await waitFor(() => expect(document.activeElement).toBe(where));
    // Defaults of spec section 9.
    expect((screen.getByRole('radio', { name: 'Any distance' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await screen.findByRole('alert')).getByText('Enter the suburb or postcode where support is needed')).toBeTruthy();
    const location = screen.getByRole('combobox', { name: /Suburb or postcode/ });
    expect(location.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a day and time in a table of the week, and checks the hours', async () => {
    const user = userEvent.setup();
    mockApi({});
    storeJobDraft(completeJobFormValues({ availability: completeJobFormValues().availability, approxHoursPerDay: 'lots' }));
    renderApp('/careseeker/post-a-job/step-3');
    await findStepHeading('Step 3 of 9: When');
    const week = screen.getByRole('table');
    expectWeekTableHeaders(week);
    await user.click(within(week).getByRole('checkbox', { name: 'Tuesday morning' }));
    await user.click(within(week).getByRole('checkbox', { name: 'Thursday morning' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Choose at least one day and time',
      'Enter the hours per day as a number',
    ]);
    await user.click(within(week).getByRole('checkbox', { name: 'Saturday afternoon' }));
    await user.clear(screen.getByRole('textbox', { name: /Hours each day/ }));
    await user.type(screen.getByRole('textbox', { name: /Hours each day/ }), '2.5');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 4 of 9: The worker');
    expect(storedDraft()?.values).toMatchObject({ approxHoursPerDay: '2.5', availability: { sat: { afternoon: true }, tue: { morning: false } } });
  });

  it('keeps the draft on the device: after a reload it carries on where it was left, with the answers kept', async () => {
    const user = userEvent.setup();
    mockApi({});
    const first = renderApp('/careseeker/post-a-job/step-1');
    await findStepHeading('Step 1 of 9: The support needed');
    await user.click(screen.getByRole('radio', { name: 'Mental health support' }));
    await user.click(screen.getByRole('checkbox', { name: 'Anxiety' }));
    await user.click(screen.getByRole('radio', { name: 'A friend' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 2 of 9: Where');
    await user.type(screen.getByRole('combobox', { name: /Suburb or postcode/ }), 'Ballarat');
    const draftId = storedDraft()?.draftId;
    expect(draftId).toMatch(/^[0-9a-f-]{36}$/);
    first.unmount();
    cleanup();

    // A reload: the bare wizard address goes to the first step still to answer.
    const second = renderApp('/careseeker/post-a-job');
    await findStepHeading('Step 3 of 9: When');
    expect(second.router.state.location.pathname).toBe('/careseeker/post-a-job/step-3');
    expect(screen.getByText(/We kept the job you started on this device/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findStepHeading('Step 2 of 9: Where');
    expect((screen.getByRole('combobox', { name: /Suburb or postcode/ }) as HTMLInputElement).value).toBe('Ballarat');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findStepHeading('Step 1 of 9: The support needed');
    expect((screen.getByRole('radio', { name: 'Mental health support' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Anxiety' }) as HTMLInputElement).checked).toBe(true);
    expect(storedDraft()?.draftId).toBe(draftId);

    // Browser back and forward move between the steps too.
    await second.router.navigate(-1);
    await findStepHeading('Step 2 of 9: Where');
    await second.router.navigate(1);
    await findStepHeading('Step 1 of 9: The support needed');
  });

  it('offers the NDIS support items when the support is NDIS funded, and keeps the rate in dollars', async () => {
    const user = userEvent.setup();
    mockApi({});
    storeJobDraft(completeJobFormValues());
    renderApp('/careseeker/post-a-job/step-6');
    await findStepHeading('Step 6 of 9: Funding and rate');
    expect((screen.getByRole('radio', { name: 'Not sure yet' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('combobox', { name: /NDIS support item/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Private details for invoices and care' })).toBeTruthy();
    expect(screen.getByText(/Private: only you can see this/)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'NDIS (self-managed)' }));
    const item = await screen.findByRole('combobox', { name: /NDIS support item/ }, slow);
    await user.type(item, 'self-care high intensity saturday');
    // The dropdown is still fading in as far as jsdom knows, so its options count as hidden.
    await user.click(await screen.findByRole('option', { name: /01_402_0104_1_1/, hidden: true }, slow));
    expect((item as HTMLInputElement).value).toBe('01_402_0104_1_1');
    // The chosen item's name is said under the field.
    await waitFor(() =>
      expect(document.querySelector('p[aria-live="polite"]')?.textContent).toBe('Assistance With Self-Care Activities - High Intensity - Saturday'),
    );

    await user.type(screen.getByRole('textbox', { name: /Hourly rate/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await screen.findByRole('alert')).getByText('Enter an hourly rate between $20 and $300')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /Hourly rate/ }));
    await user.type(screen.getByRole('textbox', { name: /Hourly rate/ }), '62.35');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 7 of 9: Your job post');
    expect(storedDraft()?.values).toMatchObject({ payingForCareType: 'NDIS_SELF_MANAGED', ndisFundingCode: '01_402_0104_1_1', hourlyRate: '62.35' });
  });

  it('asks what help with medication is needed once the answer is yes, and keeps it private', async () => {
    const user = userEvent.setup();
    mockApi({});
    storeJobDraft(completeJobFormValues());
    renderApp('/careseeker/post-a-job/step-5');
    await findStepHeading('Step 5 of 9: Health and safety');
    expect((screen.getByRole('radio', { name: 'Not sure' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Show the goal to workers' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: /What help with medication is needed/ })).toBeNull();

    const medication = screen.getByRole('radiogroup', { name: /Is help with medication needed/ });
    await user.click(within(medication).getByRole('radio', { name: 'Yes' }));
    const details = screen.getByRole('textbox', { name: /What help with medication is needed/ });
    expect(details.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Private: only you can see this/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await screen.findByRole('alert')).getByText('Tell the worker what help with medication is needed')).toBeTruthy();

    await user.type(details, 'Reminders for morning tablets');
    await user.click(screen.getByRole('switch', { name: 'Show the goal to workers' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 6 of 9: Funding and rate');
    expect(storedDraft()?.values).toMatchObject({ medicationRequired: true, medicationDetails: 'Reminders for morning tablets', isGoalVisible: false });
  });

  it('sends someone who opens a later step before the earlier ones are done to the first step to answer', async () => {
    mockApi({});
    storeJobDraft(completeJobFormValues({ location: '' }));
    const { router } = renderApp('/careseeker/post-a-job/step-6');
    await findStepHeading('Step 2 of 9: Where');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-2');
  });

  it('does not show one care seeker the draft another left on the same device', async () => {
    mockApi({});
    setSignedInUser(testUser('CS', { id: 'user-2' }));
    storeJobDraft(completeJobFormValues(), { ownerId: 'user-1' });
    const { router } = renderApp('/careseeker/post-a-job');
    await findStepHeading('Step 1 of 8: The support needed');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-1');
    expect(screen.queryByText(/We kept the job you started/)).toBeNull();
    expect((screen.getByRole('radio', { name: 'Aged care' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(storedDraft()).toMatchObject({ ownerId: 'user-2', values: { supportCategory: '' } }));
    expect(storedDraft()?.draftId).not.toBe(TEST_DRAFT_ID);
  });

  it('starts again with an empty job after asking, and a new draft id', async () => {
    const user = userEvent.setup();
    mockApi({});
    storeJobDraft(completeJobFormValues());
    const { router } = renderApp('/careseeker/post-a-job/step-4');
    await findStepHeading('Step 4 of 9: The worker');
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start again with an empty job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my job' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedDraft()?.draftId).toBe(TEST_DRAFT_ID);

    await user.click(screen.getByRole('button', { name: 'Start again' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, start again' }));
    await findStepHeading('Step 1 of 9: The support needed');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-1');
    expect((screen.getByRole('radio', { name: 'Aged care' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(storedDraft()?.draftId).not.toBe(TEST_DRAFT_ID));
    expect(storedDraft()?.values.supportCategory).toBe('');
  });

  it('posts a signed-in care seeker’s job; a retry after a failure posts the same draft once, then the confirmation', async () => {
    const user = userEvent.setup();
    const attempts: unknown[] = [];
    const { requests } = mockApi({
      'POST /api/jobs': (request) => {
        attempts.push(request.body);
        return attempts.length === 1
          ? [503, { message: 'Service unavailable', code: 'INTERNAL' }]
          : [201, jobAnswer({ id: 'job-42', disableWorkerNotification: false })];
      },
    });
    setSignedInUser(testUser('CS'));
    storeJobDraft(completeJobFormValues({ hourlyRate: '45.50', payingForCareType: 'PRIVATE', careFor: 'Me' }));
    const { router } = renderApp('/careseeker/post-a-job/step-7');
    await findStepHeading('Step 7 of 8: Your job post');
    expect((screen.getByRole('switch', { name: 'Email workers near you about this job' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Show this job on the job board' }) as HTMLInputElement).checked).toBe(true);
    // The last step leads to the review; nothing is posted before the poster says so there.
    expect(screen.queryByRole('button', { name: 'Post my job' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 8 of 8: Check your job');
    expect(postsTo(requests, '/api/jobs')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Post my job' }));
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('We could not post your job');
    expect(alert.textContent).toContain('Your job is saved on this device');
    expect(storedDraft()?.draftId).toBe(TEST_DRAFT_ID);

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Your job is posted' }, slow);
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job');
    expect(screen.getByText(/We are emailing workers who live nearby/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your job' }).getAttribute('href')).toBe('/jobs/job-42');
    expect(storedDraft()).toBeNull();

    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toEqual(attempts[1]);
    const sent = postsTo(requests, '/api/jobs');
    expect(sent.every((request) => request.authToken === 'token-cs')).toBe(true);
    // The defaults of spec section 9, the rate in cents, and the draft's id.
    expect(attempts[1]).toMatchObject({
      draftId: TEST_DRAFT_ID,
      locationType: 'ANY',
      restrictivePractices: 'UNSURE',
      isGoalVisible: true,
      payingForCareType: 'PRIVATE',
      hourlyRate: 4550,
      searcherRole: null,
      approxHoursPerDay: 3,
      approxStartDate: null,
      medicationRequired: false,
      disableWorkerNotification: false,
      disableJobBoardPosting: false,
    });
  });

  it('reviews the whole job as workers will see it, with what only the poster sees apart, and edits any step from there', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ 'POST /api/jobs': () => [201, jobAnswer()] });
    setSignedInUser(testUser('CS', { firstName: 'Alex' }));
    storeJobDraft(
      completeJobFormValues({
        hourlyRate: '45.50',
        payingForCareType: 'PRIVATE',
        medicationRequired: true,
        medicationDetails: 'Reminders for morning tablets',
        clientName: 'Maria Papadopoulos',
        htmlDescription: '<p>Mum is 84 and loves <strong>gardening</strong>.</p><script>alert(1)</script><p>She needs a hand with cooking.</p>',
      }),
    );
    const { router } = renderApp('/careseeker/post-a-job');
    await findStepHeading('Step 8 of 8: Check your job');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-8');
    await waitFor(() => expect(document.title).toBe('Step 8 of 8: Check your job - Post a job | Tendly'));

    const preview = within(screen.getByRole('region', { name: 'How workers will see your job' }));
    expect(preview.getByRole('heading', { level: 2, name: 'Friendly support for Mum on weekday mornings' })).toBeTruthy();
    expect(preview.getByText('Parramatta NSW')).toBeTruthy();
    expect(preview.getByText('Posted by Alex')).toBeTruthy();
    const about = within(preview.getByRole('region', { name: 'About the job' }));
    expect(about.getByText('gardening').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(preview.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'About the job',
      'The support needed',
      'When',
      'Pay',
      'The worker they hope to find',
      'Health and safety',
    ]);
    expect(within(preview.getByRole('region', { name: 'Pay' })).getByText('$45.50 an hour')).toBeTruthy();
    expect(within(preview.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem')).toHaveLength(2);
    // Private details are not in the preview, but set apart for the poster alone.
    expect(preview.queryByText('Reminders for morning tablets')).toBeNull();
    const mine = within(screen.getByRole('region', { name: 'Only you can see this' }));
    expect(mine.getByText('Reminders for morning tablets')).toBeTruthy();
    expect(mine.getByText('Maria Papadopoulos')).toBeTruthy();

    // Any step can be changed; its Continue comes straight back to the review.
    const change = within(screen.getByRole('navigation', { name: 'Change something' }));
    expect(change.getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual([
      'Edit step 1: The support needed',
      'Edit step 2: Where',
      'Edit step 3: When',
      'Edit step 4: The worker',
      'Edit step 5: Health and safety',
      'Edit step 6: Funding and rate',
      'Edit step 7: Your job post',
    ]);
    await user.click(change.getByRole('link', { name: 'Edit step 6: Funding and rate' }));
    await findStepHeading('Step 6 of 8: Funding and rate');
    await user.clear(screen.getByRole('textbox', { name: /Hourly rate/ }));
    await user.type(screen.getByRole('textbox', { name: /Hourly rate/ }), '52');
    await user.click(screen.getByRole('button', { name: 'Back to review' }));
    await findStepHeading('Step 8 of 8: Check your job');
    expect(within(screen.getByRole('region', { name: 'Pay' })).getByText('$52.00 an hour')).toBeTruthy();
    expect(storedDraft()?.values).toMatchObject({ hourlyRate: '52' });
    expect(postsTo(requests, '/api/jobs')).toEqual([]);

    // Back goes to the last step, in order.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findStepHeading('Step 7 of 8: Your job post');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 8 of 8: Check your job');
    await user.click(screen.getByRole('button', { name: 'Post my job' }));
    await screen.findByRole('heading', { level: 1, name: 'Your job is posted' }, slow);
    expect(postsTo(requests, '/api/jobs')[0]?.body).toMatchObject({ hourlyRate: 5200, draftId: TEST_DRAFT_ID });
  });

  it('sends payingForCareType NONE when funding is left as it was, and shows the posting status', async () => {
    const user = userEvent.setup();
    const pending = deferredReply();
    const { requests } = mockApi({ 'POST /api/jobs': pending.reply });
    setSignedInUser(testUser('CS'));
    storeJobDraft(completeJobFormValues());
    renderApp('/careseeker/post-a-job/step-7');
    await findStepHeading('Step 7 of 8: Your job post');
    await user.click(screen.getByRole('switch', { name: 'Email workers near you about this job' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 8 of 8: Check your job');
    await user.click(screen.getByRole('button', { name: 'Post my job' }));
    expect(await screen.findByText('Posting your job…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Post my job' }).getAttribute('aria-busy')).toBe('true');
    pending.resolve([201, jobAnswer({ disableWorkerNotification: true })]);
    await screen.findByRole('heading', { level: 1, name: 'Your job is posted' }, slow);
    expect(screen.getByText(/You chose not to email workers nearby/)).toBeTruthy();
    expect(postsTo(requests, '/api/jobs')[0]?.body).toMatchObject({ payingForCareType: 'NONE', hourlyRate: null, disableWorkerNotification: true });
  });

  it('suggests the workers who match the job once it is posted; Invite to apply sends once and says so, and a second click says it was already sent (issue 31, item 5)', async () => {
    const user = userEvent.setup();
    const ada = testApplicantWorker({ carerId: 'worker-ada', firstName: 'Ada', lastInitial: 'K' });
    const ben = testApplicantWorker({ carerId: 'worker-ben', firstName: 'Ben', lastInitial: 'T' });
    const cal = testApplicantWorker({ carerId: 'worker-cal', firstName: 'Cal', lastInitial: 'M' });
    const invitedBefore = new Set(['worker-cal']);
    const { requests } = mockApi({
      'POST /api/jobs': () => [201, jobAnswer({ id: 'job-42' })],
      'GET /api/jobs/job-42/suggested-workers': () => [
        200,
        [ada, ben, cal].map((worker) => ({ worker, isInvited: invitedBefore.has(worker.carerId) })),
      ],
      'POST /api/jobs/job-42/invitations': (request) => {
        const { carerId } = request.body as { carerId: string };
        if (carerId === 'worker-ben') return [409, { message: 'You have already invited this worker to apply for this job.', code: 'ALREADY_INVITED' }];
        return [201, { id: 'invitation-1', carerId, invitedAt: '2026-12-07T00:00:00.000Z' }];
      },
    });
    setSignedInUser(testUser('CS'));
    storeJobDraft(completeJobFormValues());
    renderApp('/careseeker/post-a-job/step-8');
    await findStepHeading('Step 8 of 8: Check your job');
    await user.click(screen.getByRole('button', { name: 'Post my job' }));
    await screen.findByRole('heading', { level: 1, name: 'Your job is posted' }, slow);

    const section = await screen.findByRole('region', { name: 'Workers who match your job' }, slow);
    const cards = await within(section).findAllByRole('article', {}, slow);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Ada K.', 'Ben T.', 'Cal M.']);
    expect(within(section).getByRole('link', { name: 'Ada K.' }).getAttribute('href')).toBe('/carer/profile/worker-ada');
    // Cal was invited before: no button, just what happened.
    expect(within(section).queryByRole('button', { name: 'Invite to apply: Cal M.' })).toBeNull();
    expect(within(section).getByText(/Invitation sent to Cal/)).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Invite to apply: Ada K.' }));
    const status = await within(section).findByText('Invitation sent. We have emailed Ada K. a link to your job.', {}, slow);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Invite to apply: Ada K.' })).toBeNull();
    const sent = within(section).getByText(/Invitation sent to Ada/);
    await waitFor(() => expect(document.activeElement).toBe(sent));
    const invitations = requests.filter((request) => request.method === 'POST' && request.path === '/api/jobs/job-42/invitations');
    expect(invitations.map((request) => request.body)).toEqual([{ carerId: 'worker-ada', message: '' }]);

    // Invited meanwhile (another tab): the API refuses a second one, and the page says it was already sent.
    await user.click(within(section).getByRole('button', { name: 'Invite to apply: Ben T.' }));
    expect(await within(section).findByText('You already invited Ben T. to apply. We have not sent it again.', {}, slow)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Invite to apply: Ben T.' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when no worker matches the job yet, and offers to try again when the suggestions cannot load', async () => {
    const user = userEvent.setup();
    let loads = 0;
    mockApi({
      'POST /api/jobs': () => [201, jobAnswer({ id: 'job-43' })],
      'GET /api/jobs/job-43/suggested-workers': () => {
        loads += 1;
        return loads === 1 ? [503, { message: 'Service unavailable', code: 'INTERNAL' }] : [200, []];
      },
    });
    setSignedInUser(testUser('CS'));
    storeJobDraft(completeJobFormValues());
    renderApp('/careseeker/post-a-job/step-8');
    await findStepHeading('Step 8 of 8: Check your job');
    await user.click(screen.getByRole('button', { name: 'Post my job' }));
    const section = await screen.findByRole('region', { name: 'Workers who match your job' }, slow);
    const failure = await within(section).findByRole('alert', {}, slow);
    expect(failure.textContent).toContain('We could not find workers for your job just now.');
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText(/No workers match your job yet/, {}, slow)).toBeTruthy();
  });

  it('takes the user to the step of a field the server found a problem with', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/jobs': () => [400, { message: 'Please check the job', code: 'VALIDATION', errors: { location: 'We could not find that suburb or postcode' } }],
    });
    setSignedInUser(testUser('CS'));
    storeJobDraft(completeJobFormValues({ location: 'Nowhereville' }));
    renderApp('/careseeker/post-a-job/step-8');
    await findStepHeading('Step 8 of 8: Check your job');
    await user.click(screen.getByRole('button', { name: 'Post my job' }));
    await findStepHeading('Step 2 of 8: Where');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'We could not find that suburb or postcode' })).toBeTruthy();
  });

  it('lets a coordinator acting for a client post the job on the client’s account', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ 'POST /api/jobs': () => [201, jobAnswer()] });
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: 'sam@example.com', role: 'CS' });
    storeJobDraft(completeJobFormValues({ careFor: 'Client', searcherRole: 'Support Coordinator' }));
    renderApp('/careseeker/post-a-job/step-8');
    await findStepHeading('Step 8 of 8: Check your job');
    expect(screen.getByText('You are posting this job for Sam Lee. It will be posted on their account.')).toBeTruthy();
    // Workers will see the client's first name.
    expect(screen.getByText('Posted by Sam')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post my job' }));
    await screen.findByRole('heading', { level: 1, name: 'Your job is posted' }, slow);
    const sent = postsTo(requests, '/api/jobs')[0];
    expect(sent?.authToken).toBe('alias-token');
    expect(sent?.body).toMatchObject({ careFor: 'Client', searcherRole: 'Support Coordinator' });
  });

  it('tells a worker that jobs are posted by care seekers', async () => {
    mockApi({});
    setSignedInUser(testUser('CR'));
    renderApp('/careseeker/post-a-job');
    expect(await screen.findByText(/You are logged in as a care worker/, {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a job near you' }).getAttribute('href')).toBe('/find-a-job');
  });
});

describe('a visitor posting a job', { timeout: 60_000 }, () => {
  it('writes the description, creates an account at the last step, verifies the email, and the job is posted with the new session', async () => {
    const user = userEvent.setup();
    const posting = deferredReply();
    const { requests } = mockApi({
      'POST /api/signup': () => [201, { id: 'user-new', email: 'jo.smith@example.com', role: 'CS', message: 'Your account has been created.' }],
      'POST /api/auth/verify/jo.smith%40example.com/123456': () => [200, { message: verificationSuccessMessage('Tendly') }],
      'POST /api/signin': () => [200, signInAnswer('CS', { id: 'user-new', email: 'jo.smith@example.com', authToken: 'token-new' })],
      'POST /api/jobs': posting.reply,
    });
    storeJobDraft(completeJobFormValues({ title: '', htmlDescription: '' }));
    const { router } = renderApp('/careseeker/post-a-job/step-7');
    await findStepHeading('Step 7 of 9: Your job post');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Give your job a title',
      'Describe the support needed in at least 30 characters',
    ]);

    await user.type(screen.getByRole('textbox', { name: /Job title/ }), 'Help for Dad with shopping');
    const editor = await screen.findByRole('textbox', { name: 'Describe the support' }, slow);
    expect(editor.getAttribute('aria-multiline')).toBe('true');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    await user.click(editor);
    await user.type(editor, 'Dad needs a lift to the shops on Tuesdays and a hand carrying bags.');
    await waitFor(() => expect(storedDraft()?.values.htmlDescription).toContain('Dad needs a lift to the shops'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await findStepHeading('Step 8 of 9: Check your job');
    expect(screen.getByRole('heading', { level: 2, name: 'Help for Dad with shopping' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post my job' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 9 of 9: Your account');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-9');
    await user.click(screen.getByRole('button', { name: 'Create account and continue' }));
    expect(within(await screen.findByRole('alert')).getByText('Tell us your first name')).toBeTruthy();

    const account = within(screen.getByRole('form', { name: 'Create your account' }));
    await user.type(account.getByRole('textbox', { name: /First name/ }), 'Jo');
    await user.type(account.getByRole('textbox', { name: /Last name/ }), 'Smith');
    await user.type(account.getByRole('textbox', { name: /Email address/ }), 'jo.smith@example.com');
    await user.type(account.getByLabelText(/^Password/), 'a-long-password');
    await user.type(account.getByRole('textbox', { name: /Phone number/ }), '0412 345 678');
    await user.click(account.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create account and continue' }));

    await screen.findByRole('heading', { name: 'Check your email' }, slow);
    expect(postsTo(requests, '/api/signup')[0]?.body).toMatchObject({ role: 'CS', firstName: 'Jo', email: 'jo.smith@example.com', acceptTerms: true });
    await user.type(screen.getByRole('textbox', { name: /Verification code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    // Signed in now, the care seeker sees the review while the job is posted.
    await findStepHeading('Step 8 of 8: Check your job');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-8');
    expect(await screen.findByText('Posting your job…')).toBeTruthy();
    posting.resolve([201, jobAnswer({ id: 'job-7' })]);
    await screen.findByRole('heading', { level: 1, name: 'Your job is posted' }, slow);
    expect(postsTo(requests, '/api/signin')[0]?.body).toEqual({ email: 'jo.smith@example.com', password: 'a-long-password' });
    const posted = postsTo(requests, '/api/jobs')[0];
    expect(posted?.authToken).toBe('token-new');
    expect(posted?.body).toMatchObject({ draftId: TEST_DRAFT_ID, title: 'Help for Dad with shopping' });
    expect(String((posted?.body as { htmlDescription: string }).htmlDescription)).toContain('Dad needs a lift to the shops on Tuesdays');
    expect(getSession().user?.id).toBe('user-new');
    expect(storedDraft()).toBeNull();
  });

  async function signUpOnTheAccountStep(user: ReturnType<typeof userEvent.setup>, email: string) {
    const account = within(screen.getByRole('form', { name: 'Create your account' }));
    await user.type(account.getByRole('textbox', { name: /First name/ }), 'Jo');
    await user.type(account.getByRole('textbox', { name: /Last name/ }), 'Smith');
    await user.type(account.getByRole('textbox', { name: /Email address/ }), email);
    await user.type(account.getByLabelText(/^Password/), 'a-long-password');
    await user.type(account.getByRole('textbox', { name: /Phone number/ }), '0412 345 678');
    await user.click(account.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await screen.findByRole('heading', { name: 'Check your email' }, slow);
  }

  it('keeps the code screen through Back and on again, and Start again forgets it (issue 11)', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'POST /api/signup': () => [201, { id: 'user-new', email: 'jo.smith@example.com', role: 'CS', message: 'Created' }],
      'POST /api/auth/verify/jo.smith%40example.com/123456': () => [200, { message: verificationSuccessMessage('Tendly') }],
      'POST /api/signin': () => [200, signInAnswer('CS', { id: 'user-new', email: 'jo.smith@example.com', authToken: 'token-new' })],
      'POST /api/jobs': () => [201, jobAnswer({ id: 'job-8' })],
    });
    storeJobDraft(completeJobFormValues());
    const { router } = renderApp('/careseeker/post-a-job/step-9');
    await findStepHeading('Step 9 of 9: Your account');
    await signUpOnTheAccountStep(user, 'jo.smith@example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Check your email' })));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findStepHeading('Step 8 of 9: Check your job');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-8');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findStepHeading('Step 9 of 9: Your account');
    // Back on the code screen, for the same address: no second sign-up, the same code.
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('jo.smith@example.com')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create your account' })).toBeNull();
    expect(postsTo(requests, '/api/signup')).toHaveLength(1);

    // Start again says the account stays, and forgets it along with the job.
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start again with an empty job?' });
    expect(within(dialog).getByText(/The account you created for jo\.smith@example\.com stays/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, start again' }));
    await findStepHeading('Step 1 of 9: The support needed');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-1');
    await waitFor(() => expect(storedDraft()?.values.supportCategory).toBe(''));
    expect(postsTo(requests, '/api/jobs')).toHaveLength(0);
  });

  it('lets a visitor on the code screen go back to the form to use a different email address', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'POST /api/signup': (request) => [201, { id: 'user-new', email: (request.body as { email: string }).email, role: 'CS', message: 'Created' }],
    });
    storeJobDraft(completeJobFormValues());
    renderApp('/careseeker/post-a-job/step-9');
    await findStepHeading('Step 9 of 9: Your account');
    await signUpOnTheAccountStep(user, 'jo.smtih@example.com');
    await user.click(screen.getByRole('button', { name: 'Use a different email address' }));
    const form = await screen.findByRole('form', { name: 'Create your account' });
    const email = within(form).getByRole('textbox', { name: /Email address/ });
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.clear(email);
    await user.type(email, 'jo.smith@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await screen.findByRole('heading', { name: 'Check your email' }, slow);
    expect(screen.getByText('jo.smith@example.com')).toBeTruthy();
    expect(postsTo(requests, '/api/signup').map((request) => (request.body as { email: string }).email)).toEqual([
      'jo.smtih@example.com',
      'jo.smith@example.com',
    ]);
  });

  it('offers to log in instead, coming back to the wizard with the draft', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/signin': () => [200, signInAnswer('CS')] });
    storeJobDraft(completeJobFormValues());
    const { router } = renderApp('/careseeker/post-a-job/step-9');
    await findStepHeading('Step 9 of 9: Your account');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { level: 1, name: 'Log in' }, slow);
    await user.click(screen.getByRole('button', { name: 'Care workers and care seekers' }));
    const login = within(screen.getByRole('form', { name: 'Log in' }));
    await user.type(login.getByRole('textbox', { name: /Email address/ }), 'alex.cs@example.com');
    await user.type(login.getByLabelText(/^Password/), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await findStepHeading('Step 8 of 8: Check your job');
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-8');
    expect(screen.getByRole('heading', { level: 2, name: 'Friendly support for Mum on weekday mornings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Post my job' })).toBeTruthy();
    // The visitor's draft is now the care seeker's, with the same id.
    await waitFor(() => expect(storedDraft()).toMatchObject({ draftId: TEST_DRAFT_ID, ownerId: 'id-CS' }));
  });
});
