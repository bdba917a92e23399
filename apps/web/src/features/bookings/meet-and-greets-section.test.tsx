import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MEET_AND_GREET_TIME_MESSAGE, type MeetAndGreet } from '@tendly/domain/api/meet-and-greets';
import { AppProviders } from '../../app/providers';
import { renderApp, testSiteConfig } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { MeetAndGreetDialog } from '../../platform/meet-and-greet-dialog';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./my-bookings-page'));

const slow = { timeout: 10_000 };
const ID = '77777777-7777-4777-8777-777777777777';

function meeting(overrides: Partial<MeetAndGreet> = {}): MeetAndGreet {
  return {
    id: ID,
    status: 'REQUESTED',
    careSeeker: { id: '11111111-1111-4111-8111-111111111111', firstName: 'Helen', lastName: 'Citizen' },
    worker: { id: '22222222-2222-4222-8222-222222222222', firstName: 'Sam', lastName: 'Carer' },
    state: 'NSW',
    timeZone: 'Australia/Sydney',
    mode: 'IN_PERSON',
    suburb: 'Newtown',
    note: 'Coffee at the library?',
    options: [
      { startLocal: '2030-03-04T10:00', endLocal: '2030-03-04T10:30', minutes: 30 },
      { startLocal: '2030-03-05T14:00', endLocal: '2030-03-05T14:15', minutes: 15 },
    ],
    chosenOption: null,
    startsAt: null,
    endsAt: null,
    responseNote: '',
    cancelledBy: null,
    createdAt: '2030-03-01T00:00:00.000Z',
    ...overrides,
  };
}

function api(role: 'CS' | 'CR', routes: ApiRoutes) {
  setSignedInUser(testUser(role, role === 'CR' ? { profileStatus: 'ACTIVE' } : {}));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role)], 'GET /api/my/bookings': () => [200, { shifts: [], allLoaded: true }], ...routes });
}

describe('Meet and greets on /my-bookings', { timeout: 30_000 }, () => {
  it('lets the worker accept the second suggested time and says it is on their calendar', async () => {
    let current = meeting();
    const sent = api('CR', {
      'GET /api/my/meet-and-greets': () => [200, { meetAndGreets: [current] }],
      [`POST /api/meet-and-greets/${ID}/accept`]: (request) => {
        current = meeting({ status: 'ACCEPTED', chosenOption: (request.body as { option: number }).option, startsAt: '2030-03-05T03:00:00.000Z', endsAt: '2030-03-05T03:15:00.000Z' });
        return [200, current];
      },
    });
    renderApp(`/my-bookings#meet-and-greet-${ID}`);
    const card = within(await screen.findByRole('article', { name: 'Meet and greet with Helen Citizen' }, slow));
    expect(card.getByText('In person in Newtown')).toBeTruthy();
    expect(card.getByText('Waiting for your answer')).toBeTruthy();
    // The deep link moves focus to the meet and greet.
    await waitFor(() => expect(document.activeElement?.id).toBe(`meet-and-greet-${ID}`));
    fireEvent.click(card.getByRole('radio', { name: 'Tue 5 Mar 2030, 2:00 pm – 2:15 pm (NSW time)' }));
    fireEvent.click(card.getByRole('button', { name: 'Accept this time' }));
    await screen.findByText('You accepted the meet and greet on Tue 5 Mar 2030, 2:00 pm – 2:15 pm (NSW time). It is on your calendar.', undefined, slow);
    expect(sent.requests.find((request) => request.method === 'POST')?.body).toEqual({ option: 1 });
    await screen.findByText('Accepted', undefined, slow);
  });

  it('shows the server’s reason when the time clashes, and lets the worker decline with a note', async () => {
    const sent = api('CR', {
      'GET /api/my/meet-and-greets': () => [200, { meetAndGreets: [meeting()] }],
      [`POST /api/meet-and-greets/${ID}/accept`]: () => [409, { message: 'This time clashes with your shift on Mon 4 Mar 2030, 9:00 am – 12:00 pm (NSW time). Choose another time or decline.', code: 'CONFLICT' }],
      [`POST /api/meet-and-greets/${ID}/decline`]: () => [200, meeting({ status: 'DECLINED', responseNote: 'Away that week' })],
    });
    renderApp('/my-bookings');
    const card = within(await screen.findByRole('article', { name: 'Meet and greet with Helen Citizen' }, slow));
    fireEvent.click(card.getByRole('button', { name: 'Accept this time' }));
    expect((await card.findByRole('alert', undefined, slow)).textContent).toContain('This time clashes with your shift');
    fireEvent.click(card.getByRole('button', { name: 'Decline' }));
    fireEvent.change(card.getByLabelText('A note for them (optional)'), { target: { value: 'Away that week' } });
    fireEvent.click(card.getByRole('button', { name: 'Send decline' }));
    await screen.findByText('You declined the meet and greet. We have let them know.', undefined, slow);
    expect(sent.requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({ note: 'Away that week' });
  });

  it('lets the care seeker cancel an accepted one; no accept buttons for them', async () => {
    const sent = api('CS', {
      'GET /api/my/meet-and-greets': () => [200, { meetAndGreets: [meeting({ status: 'ACCEPTED', chosenOption: 0, startsAt: '2030-03-03T23:00:00.000Z', endsAt: '2030-03-03T23:30:00.000Z' })] }],
      [`POST /api/meet-and-greets/${ID}/cancel`]: () => [200, meeting({ status: 'CANCELLED', cancelledBy: 'CARE_SEEKER' })],
    });
    renderApp('/my-bookings');
    const card = within(await screen.findByRole('article', { name: 'Meet and greet with Sam Carer' }, slow));
    expect(card.getByText('Mon 4 Mar 2030, 10:00 am – 10:30 am (NSW time)')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Accept this time' })).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Cancel meet and greet' }));
    fireEvent.click(card.getByRole('button', { name: 'Yes, cancel it' }));
    await screen.findByText('The meet and greet is cancelled. We have let them know.', undefined, slow);
    expect(sent.requests.find((request) => request.method === 'POST')?.path).toBe(`/api/meet-and-greets/${ID}/cancel`);
  });
});

describe('Ask for a meet and greet', { timeout: 30_000 }, () => {
  function renderDialog() {
    const router = createMemoryRouter([{ path: '*', element: <MeetAndGreetDialog worker={{ id: '22222222-2222-4222-8222-222222222222', firstName: 'Sam' }} opened onClose={() => undefined} /> }]);
    render(
      <AppProviders siteConfig={testSiteConfig()} queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }

  it('says what is missing, then sends up to three times with the place', async () => {
    const sent = api('CS', { 'POST /api/meet-and-greets': () => [201, meeting()] });
    renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask Sam for a meet and greet' }, slow));
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    const summary = await dialog.findByRole('alert');
    expect(summary.textContent).toContain(MEET_AND_GREET_TIME_MESSAGE);
    expect(summary.textContent).toContain('Enter the suburb where you would like to meet.');
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: '2030-03-04' } });
    fireEvent.change(dialog.getByLabelText('Start time'), { target: { value: '10:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add another time' }));
    fireEvent.change(dialog.getAllByLabelText('Date')[1]!, { target: { value: '2030-03-05' } });
    fireEvent.change(dialog.getAllByLabelText('Start time')[1]!, { target: { value: '14:00' } });
    fireEvent.change(dialog.getAllByLabelText('Length')[1]!, { target: { value: '15' } });
    fireEvent.change(dialog.getByLabelText(/^Suburb/), { target: { value: 'Newtown' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    await screen.findByText('Meet and greet requested', undefined, slow);
    expect(sent.requests.find((request) => request.method === 'POST')?.body).toEqual({
      workerId: '22222222-2222-4222-8222-222222222222',
      options: [
        { start: '2030-03-04T10:00', minutes: 30 },
        { start: '2030-03-05T14:00', minutes: 15 },
      ],
      mode: 'IN_PERSON',
      suburb: 'Newtown',
      note: '',
    });
  });
});
