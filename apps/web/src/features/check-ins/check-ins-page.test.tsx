import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { HOURS_MESSAGE, INCIDENT_DETAILS_MESSAGE, WELLBEING_MESSAGE, type CheckIn } from '@tendly/domain/api/check-ins';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';

setUpPageTests(() => import('./check-ins-page'), { signedInAs: testUser('CR', { profileStatus: 'ACTIVE' }) });

const slow = { timeout: 10_000 };

function checkIn(overrides: Partial<CheckIn> = {}): CheckIn {
  return {
    year: 2026,
    number: 3,
    wellbeing: 4,
    hadIncidents: false,
    incidentDetails: '',
    trainingNeeds: 'Dementia care',
    hoursPerWeek: 24,
    submittedAt: '2026-08-10T01:00:00.000Z',
    updatedAt: '2026-08-10T01:00:00.000Z',
    ...overrides,
  };
}

function checkInsApi(routes: ApiRoutes) {
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CR')], ...routes });
}

describe('check-ins', { timeout: 30_000 }, () => {
  it('asks for this quarter’s check-in, checks it and sends it', async () => {
    const api = checkInsApi({
      'GET /api/worker/check-ins': () => [200, { current: { year: 2026, number: 4 }, checkIns: [checkIn()] }],
      'PUT /api/worker/check-ins/2026/4': (request) => [200, checkIn({ number: 4, ...(request.body as object) })],
    });
    renderApp('/care-worker/check-ins');
    const form = within(await screen.findByRole('form', { name: 'Check-in for Quarter 4, 2026 (October to December)' }, slow));
    fireEvent.click(form.getByRole('button', { name: 'Submit check-in' }));
    const summary = within(await screen.findByRole('alert'));
    expect(summary.getByRole('link', { name: WELLBEING_MESSAGE })).toBeTruthy();
    expect(summary.getByRole('link', { name: HOURS_MESSAGE })).toBeTruthy();

    const wellbeing = within(form.getByRole('group', { name: /How have you been feeling/ }));
    fireEvent.click(wellbeing.getByRole('radio', { name: '3: Okay' }));
    const incidents = within(form.getByRole('group', { name: /Were there any incidents/ }));
    fireEvent.click(incidents.getByRole('radio', { name: 'Yes' }));
    fireEvent.change(form.getByRole('textbox', { name: /Hours worked in an average week/ }), { target: { value: '30.5' } });
    fireEvent.click(form.getByRole('button', { name: 'Submit check-in' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: INCIDENT_DETAILS_MESSAGE })).toBeTruthy();

    fireEvent.change(form.getByRole('textbox', { name: /What happened/ }), { target: { value: 'A client slipped on 3 October; I called her daughter.' } });
    fireEvent.change(form.getByRole('textbox', { name: /Training you would like/ }), { target: { value: 'Falls prevention' } });
    fireEvent.click(form.getByRole('button', { name: 'Submit check-in' }));
    expect(await screen.findByText(/Your check-in for Quarter 4, 2026/, {}, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      wellbeing: 3,
      hadIncidents: true,
      incidentDetails: 'A client slipped on 3 October; I called her daughter.',
      trainingNeeds: 'Falls prevention',
      hoursPerWeek: 30.5,
    });

    const past = within(screen.getByRole('table', { name: /earlier quarters/ }));
    expect(past.getByRole('rowheader', { name: 'Quarter 3, 2026 (July to September)' })).toBeTruthy();
    expect(past.getByText('4: Good')).toBeTruthy();
  });

  it('fills the form in with this quarter’s check-in when there is one, to change it', async () => {
    const api = checkInsApi({
      'GET /api/worker/check-ins': () => [200, { current: { year: 2026, number: 3 }, checkIns: [checkIn({ hadIncidents: true, incidentDetails: 'A fall' })] }],
      'PUT /api/worker/check-ins/2026/3': () => [200, checkIn({ hoursPerWeek: 20 })],
    });
    renderApp('/care-worker/check-ins');
    const form = within(await screen.findByRole('form', { name: /Check-in for Quarter 3, 2026/ }, slow));
    expect((form.getByRole('radio', { name: '4: Good' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('textbox', { name: /What happened/ }) as HTMLTextAreaElement).value).toBe('A fall');
    expect((form.getByRole('textbox', { name: /Hours worked/ }) as HTMLInputElement).value).toBe('24');
    expect(screen.getByText('Your earlier check-ins will be listed here.')).toBeTruthy();
    fireEvent.change(form.getByRole('textbox', { name: /Hours worked/ }), { target: { value: '20' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Your check-in for Quarter 3, 2026/, {}, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ hoursPerWeek: 20, hadIncidents: true });
  });
});
