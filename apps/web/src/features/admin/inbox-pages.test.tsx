import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { inboxItemAnswer } from './admin-test-answers';

setUpPageTests(() => Promise.all([import('./inbox-page'), import('./inbox-item-page')]));

/** A Mantine select's input (its label also names the list of options). */
function selectInput(label: string): HTMLElement {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No select labelled ${label}`);
  return input;
}

const item = inboxItemAnswer();
const { data: _data, sentBy: _sentBy, notes: _notes, ...listed } = item;
const admin = { id: '44444444-4444-4444-8444-444444444444', email: 'ada@example.com', name: 'Ada Admin' };

describe('the inbox', { timeout: 30_000 }, () => {
  it('lists items with the time left for the 24-hour response, and filters by kind', async () => {
    const user = userEvent.setup();
    const overdue = { ...listed, id: 'late', reference: 'IR-LATE01', respondBy: new Date(Date.now() - 2 * 3_600_000).toISOString() };
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      'GET /api/admin/inbox': () => [200, [listed, overdue], { 'X-Total-Count': '2' }],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin/inbox');
    const table = await screen.findByRole('table', { name: 'Inbox items, urgent ones first, then newest first' });
    expect(within(table).getByText(/24-hour response: 4 h 5\d min left|24-hour response: 5 h 0 min left/)).toBeTruthy();
    expect(within(table).getByText(/24-hour response: overdue by 2 h/)).toBeTruthy();
    await user.click(selectInput('Kind of form'));
    await user.click(await screen.findByRole('option', { name: 'Incident report', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('kind')).toBe('incident'));
  });

  it('shows every field, assigns it and keeps notes', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      [`GET /api/admin/inbox/${item.id}`]: () => [200, item],
      'GET /api/admin/administrators': () => [200, [admin]],
      [`PATCH /api/admin/inbox/${item.id}`]: () => [200, { ...item, status: 'IN_PROGRESS', assignee: admin }],
      [`POST /api/admin/inbox/${item.id}/notes`]: () => [
        201,
        { ...item, notes: [{ id: 'n1', author: admin, body: 'Called Jo back.', createdAt: new Date().toISOString() }] },
      ],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp(`/admin/inbox/${item.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Incident report IR-7K3Q9M' })).toBeTruthy();
    expect(screen.getByText('Client home, Bondi')).toBeTruthy();
    expect(screen.getByText('Location')).toBeTruthy();

    await user.click(selectInput('Assigned to'));
    await user.click(await screen.findByRole('option', { name: 'Ada Admin', hidden: true }));
    await waitFor(() => expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ assigneeUserId: admin.id }));

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Enter a note')).toBeTruthy();
    await user.type(screen.getByLabelText('Add a note'), 'Called Jo back.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Called Jo back.', { selector: 'p' })).toBeTruthy();
    expect(requests.find((request) => request.path.endsWith('/notes'))?.body).toEqual({ body: 'Called Jo back.' });
  });
  it('shows a reported conversation’s thread, naming who wrote each message', async () => {
    const conversationId = '55555555-5555-4555-8555-555555555555';
    const careSeekerId = '66666666-6666-4666-8666-666666666666';
    const workerId = '77777777-7777-4777-8777-777777777777';
    const report = inboxItemAnswer({
      id: '88888888-8888-4888-8888-888888888888',
      reference: 'RC-7K3Q9M',
      kind: 'conversation-report',
      needsUrgentResponse: false,
      respondBy: null,
      senderName: 'Gloria Mendes',
      data: { reportedAs: 'Care seeker', careSeekerName: 'Gloria Mendes', workerName: 'Wren Walker', conversationId, careSeekerId, workerId, reason: 'He asked for my bank details.' },
    });
    const message = (id: string, senderId: string, text: string) => ({
      id,
      conversationId,
      senderId,
      sentByCoordinatorName: null,
      text,
      attachments: [],
      sentAt: new Date().toISOString(),
    });
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      [`GET /api/admin/inbox/${report.id}`]: () => [200, report],
      'GET /api/admin/administrators': () => [200, [admin]],
      [`GET /api/conversations/${conversationId}/messages`]: () => [
        200,
        {
          messages: [
            message('99999999-9999-4999-8999-999999999991', workerId, 'Send me your bank details.'),
            message('99999999-9999-4999-8999-999999999992', careSeekerId, 'Hello Wren'),
          ],
          allLoaded: true,
        },
      ],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp(`/admin/inbox/${report.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'The reported conversation' })).toBeTruthy();
    const thread = await screen.findByRole('list', { name: 'Messages, newest first' });
    const items = within(thread).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Wren Walker');
    expect(items[0]?.textContent).toContain('Send me your bank details.');
    expect(items[1]?.textContent).toContain('Gloria Mendes');
    expect(requests.find((request) => request.path.startsWith('/api/conversations/'))?.path).toBe(`/api/conversations/${conversationId}/messages`);
  });
});
