import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyAvailability } from '@tendly/domain/days';
import type { WorkerProfileEditor } from '@tendly/domain/api/worker-onboarding';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { PROFILE_DRAFT_STORAGE_KEY } from '../../platform/stored-drafts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem(PROFILE_DRAFT_STORAGE_KEY);
});

const profile: WorkerProfileEditor = {
  firstName: 'Wren',
  email: 'wren@example.com',
  avatarUrl: null,
  headline: 'Calm support worker',
  bio: null,
  skills: ['AUTISM'],
  tasks: [],
  experienceYears: null,
  qualifications: [],
  languages: [],
  gender: null,
  location: null,
  travelRadiusKm: null,
  hasDriversLicence: false,
  hasCar: false,
  supportsMinors: false,
  availability: emptyAvailability(),
  rates: {
    weekdayRateCents: 4550,
    saturdayRateCents: null,
    sundayRateCents: null,
    publicHolidayRateCents: null,
    eveningRateCents: null,
    overnightRateCents: null,
    sleepoverRateCents: null,
    travelPerKmCents: null,
  },
  review: { status: 'INACTIVE', submittedForReviewAt: null, approvedAt: null, changesRequested: [], changesRequestedAt: null, inactiveReason: null },
};

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': () => [200, meAnswer('CR', { profileStatus: 'INACTIVE' })],
    'GET /api/worker/profile': () => [200, profile],
    ...routes,
  });
  setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
  const app = renderApp('/care-worker/update-profile');
  return Object.assign(api, { app });
}

const typeInto = (region: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(region).getByLabelText(label), { target: { value } });

const longBio = 'I support older people at home with patience, good humour and a cup of tea.';

describe('the worker’s profile editor', { timeout: 20_000 }, () => {
  it('shows a section per part of the profile, each with its own Save, and leaves a place for the photo', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Update my profile' })).toBeTruthy();
    await screen.findByRole('region', { name: 'About you' });
    for (const name of ['About you', 'Your photo', 'Support and skills', 'Experience', 'Languages', 'Gender', 'Where you work', 'Transport', 'Children and young people', 'Availability', 'Rates']) {
      expect(screen.getByRole('region', { name }), name).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Save rates' })).toBeTruthy();
    expect((screen.getByLabelText('Weekday rate, per hour') as HTMLInputElement).value).toBe('45.50');
  });

  it('refuses a short bio without sending it, says why, and moves focus to the bio', async () => {
    const api = open();
    const about = await screen.findByRole('region', { name: 'About you' });
    fireEvent.change(within(about).getByLabelText('Bio', { exact: false }), { target: { value: 'Too short' } });
    fireEvent.click(within(about).getByRole('button', { name: 'Save about you' }));
    expect(await within(about).findByText('Your bio needs at least 50 characters')).toBeTruthy();
    const bio = within(about).getByRole('textbox', { name: /Bio/ });
    await waitFor(() => expect(document.activeElement).toBe(bio));
    expect(bio.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('asks plainly whether the worker offers personal care, and saves the answer as the personal care service', async () => {
    const api = open({ 'PUT /api/worker/profile/skills': () => [200, profile] });
    const skills = await screen.findByRole('region', { name: 'Support and skills' });
    const personalCare = within(skills).getByRole('checkbox', { name: 'I offer personal care' }) as HTMLInputElement;
    expect(personalCare.checked).toBe(false);
    expect(personalCare.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(personalCare);
    expect(personalCare.checked).toBe(true);
    fireEvent.click(within(skills).getByRole('button', { name: 'Save support and skills' }));
    expect(await within(skills).findByText('Saved.')).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ skills: ['AUTISM'], tasks: ['CTP'] });
    // Unticked, the service leaves the list too.
    fireEvent.click(personalCare);
    expect(personalCare.checked).toBe(false);
  });

  it('sends rates typed in dollars as cents, and says the section was saved', async () => {
    const api = open({ 'PUT /api/worker/profile/rates': () => [200, profile] });
    const rates = await screen.findByRole('region', { name: 'Rates' });
    const type = (label: string, value: string) => fireEvent.change(within(rates).getByLabelText(label), { target: { value } });
    type('Saturday rate, per hour', '55');
    type('Sunday rate, per hour', '$65.25');
    type('Public holiday rate, per hour', '90');
    type('Evening rate, per hour', '50');
    type('Travel, per km', '0.99');
    fireEvent.click(within(rates).getByRole('button', { name: 'Save rates' }));
    expect(await within(rates).findByText('Saved.')).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      weekdayRateCents: 4550,
      saturdayRateCents: 5500,
      sundayRateCents: 6525,
      publicHolidayRateCents: 9000,
      eveningRateCents: 5000,
      overnightRateCents: null,
      sleepoverRateCents: null,
      travelPerKmCents: 99,
    });
  });

  it('suggests the other rates from the weekday rate, loaded as NDIS price limits are, and the worker can change them', async () => {
    open();
    const rates = await screen.findByRole('region', { name: 'Rates' });
    const value = (label: string) => (within(rates).getByLabelText(label) as HTMLInputElement).value;
    typeInto(rates, 'Weekday rate, per hour', '52');
    fireEvent.click(within(rates).getByRole('button', { name: 'Suggest my other rates from this one' }));
    expect([value('Saturday rate, per hour'), value('Sunday rate, per hour'), value('Public holiday rate, per hour'), value('Evening rate, per hour'), value('Travel, per km')]).toEqual([
      '73.50',
      '94',
      '115.50',
      '57',
      '0.99',
    ]);
    typeInto(rates, 'Weekday rate, per hour', 'fifty');
    expect((within(rates).getByRole('button', { name: 'Suggest my other rates from this one' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s message on the field and focuses it when a save fails', async () => {
    const message = 'We couldn’t find “Nowhereville”. Check the spelling, or try the postcode.';
    open({ 'PUT /api/worker/profile/location': () => [400, { message, code: 'UNKNOWN_PLACE', errors: { location: message } }] });
    const location = await screen.findByRole('region', { name: 'Where you work' });
    const field = within(location).getByRole('combobox', { name: 'Home suburb or postcode' });
    fireEvent.change(field, { target: { value: 'Nowhereville' } });
    fireEvent.click(within(location).getByRole('button', { name: 'Save where you work' }));
    expect(await within(location).findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('saves every changed section with one "Save all changes", and says which were not saved until then', async () => {
    const api = open({
      'PUT /api/worker/profile/about': () => [200, profile],
      'PUT /api/worker/profile/experience': () => [200, profile],
    });
    const about = await screen.findByRole('region', { name: 'About you' });
    const experience = screen.getByRole('region', { name: 'Experience' });
    expect(screen.queryByRole('button', { name: 'Save all changes' })).toBeNull();
    typeInto(about, 'Bio', longBio);
    typeInto(experience, 'Years of experience in care and support', '6');
    expect(within(about).getByText('Not saved yet')).toBeTruthy();
    expect(screen.getByText('Not saved yet: About you and Experience')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save all changes' }));
    expect(await screen.findByText('All your changes are saved.')).toBeTruthy();
    const puts = api.requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.path)).toEqual(['/api/worker/profile/about', '/api/worker/profile/experience']);
    expect(puts.map((request) => request.body)).toEqual([{ headline: 'Calm support worker', bio: longBio }, { experienceYears: 6, qualifications: [] }]);
    expect(screen.queryByRole('button', { name: 'Save all changes' })).toBeNull();
    expect(window.localStorage.getItem(PROFILE_DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('keeps a section that does not pass its checks unsaved, with its message, while the others save', async () => {
    const api = open({ 'PUT /api/worker/profile/experience': () => [200, profile] });
    const about = await screen.findByRole('region', { name: 'About you' });
    typeInto(about, 'Bio', 'Too short');
    typeInto(screen.getByRole('region', { name: 'Experience' }), 'Years of experience in care and support', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Save all changes' }));
    expect(await screen.findByText('Some changes were not saved. Check the sections that say why.')).toBeTruthy();
    expect(within(about).getByText('Your bio needs at least 50 characters')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual(['/api/worker/profile/experience']);
    expect(screen.getByText('Not saved yet: About you')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes: staying keeps them, leaving goes', async () => {
    const { app } = open();
    const about = await screen.findByRole('region', { name: 'About you' });
    typeInto(about, 'Bio', longBio);
    void app.router.navigate('/care-worker/welcome');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText(/You have not saved About you\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/care-worker/update-profile');
    expect((within(about).getByLabelText('Bio', { exact: false }) as HTMLTextAreaElement).value).toBe(longBio);

    void app.router.navigate('/care-worker/welcome');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave this page' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/care-worker/welcome'));
  });

  it('brings unsaved changes back on the next visit, for the same worker only, and can put the saved profile back', async () => {
    const first = open();
    typeInto(await screen.findByRole('region', { name: 'About you' }), 'Bio', longBio);
    await waitFor(() => expect(window.localStorage.getItem(PROFILE_DRAFT_STORAGE_KEY)).toContain(longBio));
    first.app.unmount();

    open();
    const notice = await screen.findByRole('region', { name: 'Your changes from last time are back' });
    expect(within(notice).getByText(/You had not saved About you\./)).toBeTruthy();
    const bio = within(screen.getByRole('region', { name: 'About you' })).getByLabelText('Bio', { exact: false }) as HTMLTextAreaElement;
    expect(bio.value).toBe(longBio);
    fireEvent.click(within(notice).getByRole('button', { name: 'Go back to what is saved' }));
    await waitFor(() => expect(bio.value).toBe(''));
    expect(screen.queryByRole('region', { name: 'Your changes from last time are back' })).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(PROFILE_DRAFT_STORAGE_KEY)).toBeNull());
  });

  it('never shows one worker the draft another worker left on the device', async () => {
    window.localStorage.setItem(PROFILE_DRAFT_STORAGE_KEY, JSON.stringify({ userId: 'someone-else', sections: { about: { headline: 'Not mine', bio: longBio } } }));
    open();
    const about = await screen.findByRole('region', { name: 'About you' });
    expect((within(about).getByLabelText('Headline') as HTMLInputElement).value).toBe('Calm support worker');
    expect(screen.queryByRole('region', { name: 'Your changes from last time are back' })).toBeNull();
  });
});
