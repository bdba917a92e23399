import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation, ConversationNextStep } from '@tendly/domain/api/conversations';
import { SIGNATURE_MESSAGE } from '@tendly/domain/api/contracts';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testContract, testShift } from '../../app/test-contracts';
import { ids, testConversation, testMessage } from '../../app/test-messages';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./messages-page'), { signedInAs: testUser('CS', { id: ids.careSeeker }) });

const slow = { timeout: 10_000 };
const conversationPath = `/api/conversations/${ids.conversation}`;
const CONTRACT_ID = '5f0c6c4e-1111-4a7b-8c1d-0a0b0c0d0e0f';
const SHIFT_ID = '60000000-0000-4000-8000-000000000001';

/** Helen (the care seeker) and Sam (the worker): the conversation as `side` sees it, with `steps` answered in turn. */
function nextStepApi(side: 'CS' | 'CR', steps: ConversationNextStep[], routes: ApiRoutes = {}, overrides: Partial<Conversation> = {}) {
  const conversation = testConversation(
    side === 'CS' ? overrides : { withPerson: { id: ids.careSeeker, role: 'CS', firstName: 'Helen', lastName: 'N', avatarUrl: null }, unreadCount: 0, ...overrides },
  );
  if (side === 'CR') setSignedInUser(testUser('CR', { id: ids.worker }));
  let asked = 0;
  return mockApi({
    'GET /api/me': () => [200, meAnswer(side, { id: side === 'CS' ? ids.careSeeker : ids.worker })],
    'GET /api/unread-messages': () => [200, { unreadTotal: 0 }],
    'GET /api/conversations': () => [200, { conversations: [conversation], unreadTotal: 0 }],
    [`GET ${conversationPath}`]: () => [200, conversation],
    [`GET ${conversationPath}/messages`]: () => [200, { messages: [testMessage(2), testMessage(1)], allLoaded: true }],
    [`POST ${conversationPath}/read`]: () => [200, { unreadTotal: 0 }],
    [`GET ${conversationPath}/next-step`]: () => [200, steps[Math.min(asked++, steps.length - 1)]],
    ...routes,
  });
}

const step = (code: ConversationNextStep['step'], contractId: string | null = CONTRACT_ID, shift: ConversationNextStep['shift'] = null): ConversationNextStep => ({
  step: code,
  contractId,
  shift,
});

async function nextStepRegion() {
  return screen.findByRole('region', { name: 'Next step' }, slow);
}

describe('the next step in a conversation', { timeout: 30_000 }, () => {
  it('offers the care seeker "Offer a service agreement", opening the offer form with this worker', async () => {
    nextStepApi('CS', [step('SEND_AGREEMENT', null)]);
    renderApp(`/messages?conversation=${ids.conversation}`);
    const region = await nextStepRegion();
    expect(region.textContent).toContain('Agreed on the details with Sam?');
    expect(within(region).getByRole('link', { name: 'Offer a service agreement' }).getAttribute('href')).toBe(`/offer-contract?workerId=${ids.worker}`);
  });

  it('lets the care seeker ask for a meet and greet from the conversation, before any agreement', async () => {
    const api = nextStepApi('CS', [step('SEND_AGREEMENT', null)], {
      'POST /api/meet-and-greets': () => [400, { message: 'This time has already passed. Choose a time in the future.', code: 'VALIDATION', errors: { 'options.0.start': 'This time has already passed. Choose a time in the future.' } }],
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    const region = await nextStepRegion();
    await userEvent.click(within(region).getByRole('button', { name: 'Ask for a meet and greet' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask Sam for a meet and greet' }, slow));
    await userEvent.type(dialog.getByLabelText('Date'), '2020-01-06');
    await userEvent.type(dialog.getByLabelText('Start time'), '10:00');
    await userEvent.click(dialog.getByRole('radio', { name: 'Phone call' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    // The server's message for the field shows in the summary and beside the date.
    expect((await dialog.findByRole('alert', undefined, slow)).textContent).toContain('This time has already passed.');
    const sent = api.requests.find((request) => request.method === 'POST' && request.path === '/api/meet-and-greets');
    expect(sent?.body).toEqual({ workerId: ids.worker, options: [{ start: '2020-01-06T10:00', minutes: 30 }], mode: 'PHONE_CALL', note: '' });
  });

  it('lets the worker read the main terms and accept the agreement from the conversation, showing the server’s field errors', async () => {
    const api = nextStepApi('CR', [step('ACCEPT_AGREEMENT'), step('AWAIT_FIRST_SHIFT')], {
      [`GET /api/contracts/${CONTRACT_ID}`]: () => [200, testContract({ id: CONTRACT_ID })],
      [`POST /api/contracts/${CONTRACT_ID}/accept`]: (request) =>
        (request.body as { signatureName: string }).signatureName === 'Wren Walker'
          ? [200, testContract({ id: CONTRACT_ID, status: 'ACTIVE', signedName: 'Wren Walker', signedAt: '2026-11-26T01:00:00.000Z' })]
          : [400, { message: SIGNATURE_MESSAGE, errors: { signatureName: SIGNATURE_MESSAGE } }],
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    const region = await nextStepRegion();
    expect(region.textContent).toContain('Helen has offered you a service agreement.');
    expect(within(region).getByRole('link', { name: 'View the agreement' }).getAttribute('href')).toBe(`/contracts/${CONTRACT_ID}`);
    await userEvent.click(within(region).getByRole('button', { name: 'Accept the agreement' }));

    const dialog = await screen.findByRole('dialog', { name: 'Accept the agreement' });
    await within(dialog).findByText('$45.50 an hour');
    expect(within(dialog).getByText('From Helen Nguyen, for Helen Nguyen.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Read the whole agreement' }).getAttribute('href')).toBe(`/contracts/${CONTRACT_ID}`);
    await userEvent.type(within(dialog).getByLabelText(/Type your full name to sign/), 'Wren');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I have read and agree to this service agreement' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign agreement' }));
    expect(await within(dialog).findByText(SIGNATURE_MESSAGE)).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/Type your full name to sign/), ' Walker');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign agreement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const done = await screen.findByText('You have signed the agreement. It is now active.');
    await waitFor(() => expect(document.activeElement).toBe(done.closest('[tabindex="-1"]')));
    // The server is asked again: now the worker waits for the first shift.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Next step' }).textContent).toContain('Helen will book your first shift.'));
    const accepts = api.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/accept'));
    expect(accepts.map((request) => request.body)).toEqual([
      { signatureName: 'Wren', agreed: true },
      { signatureName: 'Wren Walker', agreed: true },
    ]);
  });

  it('lets the worker confirm the first shift, shown in the state’s time, from the conversation', async () => {
    const shift = testShift({ id: SHIFT_ID, scheduleResponseStatus: 'UNCONFIRMED' });
    const first = { id: SHIFT_ID, startsAt: '2026-12-14T22:00:00.000Z', endsAt: '2026-12-15T01:00:00.000Z', state: 'NSW' as const, timeZone: 'Australia/Sydney' };
    const api = nextStepApi('CR', [step('CONFIRM_FIRST_SHIFT', CONTRACT_ID, first), step('NONE')], {
      [`POST /api/shifts/${SHIFT_ID}/confirm`]: () => [200, { ...shift, scheduleResponseStatus: 'CONFIRMED' }],
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    const region = await nextStepRegion();
    // 22:00 UTC is 9 am the next day in Sydney's daylight time.
    expect(region.textContent).toContain('Helen has booked your first shift, Tue 15 Dec 2026, 9:00 am – 12:00 pm (NSW time).');
    await userEvent.click(within(region).getByRole('button', { name: 'Confirm the first shift' }));
    expect(await screen.findByText(/You have confirmed the first shift, Tue 15 Dec 2026, 9:00 am/)).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST' && request.path === `/api/shifts/${SHIFT_ID}/confirm`)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm the first shift' })).toBeNull());
  });

  it('links the care seeker to book the first shift once the agreement is active', async () => {
    nextStepApi('CS', [step('BOOK_FIRST_SHIFT')]);
    renderApp(`/messages?conversation=${ids.conversation}`);
    const region = await nextStepRegion();
    expect(region.textContent).toContain('Your agreement with Sam is active.');
    expect(within(region).getByRole('link', { name: 'Book the first shift' }).getAttribute('href')).toBe(`/my-bookings?book=${CONTRACT_ID}`);
  });

  it('tells the care seeker who offered a service agreement that they wait for the worker, with a link to it', async () => {
    nextStepApi('CS', [step('AWAIT_ACCEPTANCE')]);
    renderApp(`/messages?conversation=${ids.conversation}`);
    const region = await nextStepRegion();
    expect(region.textContent).toContain('You offered Sam a service agreement. We will let you know when Sam accepts it.');
    expect(within(region).getByRole('link', { name: 'View the agreement' }).getAttribute('href')).toBe(`/contracts/${CONTRACT_ID}`);
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('shows no next step while the conversation is blocked', async () => {
    const api = nextStepApi('CS', [step('AWAIT_ACCEPTANCE')], {}, { blocked: 'ME' });
    renderApp(`/messages?conversation=${ids.conversation}`);
    await screen.findByText('You blocked this conversation', {}, slow);
    await within(await screen.findByRole('log')).findByText('Message number 2');
    expect(screen.queryByRole('region', { name: 'Next step' })).toBeNull();
    expect(api.requests.some((request) => request.path.endsWith('/next-step'))).toBe(false);
  });
});
