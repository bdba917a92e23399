import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOT_AUTHORIZED } from '@tendly/domain/errors';
import { renderApp } from '../../app/test-app';
import { deferredReply, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { giveJsdomWhatTheEditorMeasures } from './test-editor-dom';
import { jobAnswer } from './test-job-draft';

setUpPageTests(async () => {
  giveJsdomWhatTheEditorMeasures();
  await Promise.all([import('./edit-job-page'), import('./rich-text-editor')]);
});

const slow = { timeout: 15_000 };

describe('editing a job', { timeout: 60_000 }, () => {
  it('loads the job into every step’s fields and saves the whole job with PUT', async () => {
    const user = userEvent.setup();
    const pending = deferredReply();
    const { requests } = mockApi({
      'GET /api/jobs/job-1': pending.reply,
      'PUT /api/jobs/job-1': (request) => [200, jobAnswer({ ...(request.body as object), id: 'job-1' })],
    });
    setSignedInUser(testUser('CS'));
    renderApp('/edit-job/job-1');
    expect(await screen.findByText('Loading your job…', {}, slow)).toBeTruthy();
    pending.resolve([200, jobAnswer()]);

    await screen.findByRole('heading', { level: 2, name: 'The support needed' }, slow);
    for (const title of ['Where', 'When', 'The worker', 'Health and safety', 'Funding and rate', 'Your job post']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    const form = within(screen.getByRole('form', { name: 'Edit your job' }));
    expect((form.getByRole('radio', { name: 'Aged care' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('checkbox', { name: 'Dementia' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('checkbox', { name: 'Tuesday morning' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('textbox', { name: /Hourly rate/ }) as HTMLInputElement).value).toBe('45.50');
    expect((form.getByRole('textbox', { name: /What help with medication is needed/ }) as HTMLInputElement).value).toBe(
      'Reminders for morning tablets',
    );
    expect((form.getByRole('textbox', { name: /Name of the person receiving support/ }) as HTMLInputElement).value).toBe('Maria Papadopoulos');
    expect((await form.findByRole('textbox', { name: 'Describe the support' }, slow)).textContent).toContain('Mum is 84 and loves gardening');
    expect(screen.getByRole('heading', { level: 3, name: 'Private details for invoices and care' })).toBeTruthy();

    const title = form.getByRole('textbox', { name: /Job title/ });
    await user.clear(title);
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'Give your job a title' })).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(title, 'Company and cooking for Mum, weekday mornings');
    await user.click(form.getByRole('radio', { name: 'Within 10 km' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes are saved.', {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your job' }).getAttribute('href')).toBe('/jobs/job-1');
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.authToken).toBe('token-cs');
    expect(put?.body).toMatchObject({
      title: 'Company and cooking for Mum, weekday mornings',
      locationType: 'KM_10',
      hourlyRate: 4550,
      medicationRequired: true,
      medicationDetails: 'Reminders for morning tablets',
      clientName: 'Maria Papadopoulos',
      languages: ['el'],
      supportType: ['AGEDGEN', 'DEMENTIA'],
    });
    expect(put?.body).not.toHaveProperty('draftId');
  });

  it('gives someone who does not own the job the API’s not-authorised message, and no form', async () => {
    const { requests } = mockApi({ 'GET /api/jobs/job-9': () => [200, jobAnswer({ id: 'job-9', isOwner: false, clientName: undefined })] });
    setSignedInUser(testUser('CS'));
    renderApp('/edit-job/job-9');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toBe(NOT_AUTHORIZED);
    expect(screen.getByText('Only the person who posted this job can change it.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit your job' })).toBeNull();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('says when there is no such job', async () => {
    mockApi({ 'GET /api/jobs/job-0': () => [404, { message: 'We could not find this job.', code: 'NOT_FOUND' }] });
    setSignedInUser(testUser('CS'));
    renderApp('/edit-job/job-0');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this job' }, slow)).toBeTruthy();
  });

  it('shows the server’s field messages on their fields', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/jobs/job-1': () => [200, jobAnswer()],
      'PUT /api/jobs/job-1': () => [400, { message: 'Please check the job', code: 'VALIDATION', errors: { location: 'We could not find that suburb or postcode' } }],
    });
    setSignedInUser(testUser('CS'));
    renderApp('/edit-job/job-1');
    const form = within(await screen.findByRole('form', { name: 'Edit your job' }, slow));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByRole('alert', {}, slow);
    expect(within(summary).getByRole('link', { name: 'We could not find that suburb or postcode' })).toBeTruthy();
    expect(form.getByRole('combobox', { name: /Suburb or postcode/ }).getAttribute('aria-invalid')).toBe('true');
  });
});
