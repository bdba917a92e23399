import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONVERSATION_BLOCKED_MESSAGE, CONVERSATION_NOT_FOUND_MESSAGE, MESSAGE_REQUIRED, type Conversation } from '@tendly/domain/api/conversations';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { ids, messageId, testConversation, testMessage } from '../../app/test-messages';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { publishRealtimeEvent } from '../../platform/realtime-events';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./messages-page'), { signedInAs: testUser('CS', { id: ids.careSeeker }) });

const slow = { timeout: 10_000 };
const conversationPath = `/api/conversations/${ids.conversation}`;

function messagesApi(routes: ApiRoutes = {}, conversation: Conversation = testConversation()) {
  return mockApi({
    'GET /api/me': () => [200, meAnswer('CS', { id: ids.careSeeker })],
    'GET /api/unread-messages': () => [200, { unreadTotal: 2 }],
    'GET /api/conversations': () => [200, { conversations: [conversation], unreadTotal: conversation.unreadCount }],
    [`GET ${conversationPath}`]: () => [200, conversation],
    [`GET ${conversationPath}/messages`]: () => [200, { messages: [testMessage(3), testMessage(2), testMessage(1)], allLoaded: true }],
    [`POST ${conversationPath}/read`]: () => [200, { unreadTotal: 0 }],
    ...routes,
  });
}

async function openLog() {
  return screen.findByRole('log', { name: 'Messages with Sam' }, slow);
}

describe('messages', { timeout: 30_000 }, () => {
  it('lists conversations with the person, the last message, its time and the unread count', async () => {
    messagesApi();
    renderApp('/messages');
    const link = await screen.findByRole('link', { name: /Sam Lee/ }, slow);
    expect(link.textContent).toContain('Message number 3');
    expect(link.textContent).toContain(', 2 unread');
    expect(link.getAttribute('href')).toBe(`/messages?conversation=${ids.conversation}`);
    expect(screen.getByText('Choose a conversation to read it.')).toBeTruthy();
  });

  it('explains how conversations start when there are none', async () => {
    messagesApi({ 'GET /api/conversations': () => [200, { conversations: [], unreadTotal: 0 }] });
    renderApp('/messages');
    expect(await screen.findByText('You have no conversations yet.', {}, slow)).toBeTruthy();
    expect(screen.getByText(/contacts a worker with the Contact button/)).toBeTruthy();
  });

  it('opens a conversation from its link, shows the messages oldest first and marks it read', async () => {
    const api = messagesApi();
    const { router } = renderApp('/messages');
    await userEvent.click(await screen.findByRole('link', { name: /Sam Lee/ }, slow));
    await waitFor(() => expect(router.state.location.search).toBe(`?conversation=${ids.conversation}`));
    const log = await openLog();
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.includes('Message number'))).toEqual([true, true, true]);
    expect(items[0]?.textContent).toContain('Message number 1');
    expect(items[2]?.textContent).toContain('Message number 3');
    expect(items[1]?.textContent).toContain('You');
    await waitFor(() => expect(api.requests.some((request) => request.method === 'POST' && request.path === `${conversationPath}/read`)).toBe(true));
    // The list's badge goes once read.
    await waitFor(() => expect(screen.getByRole('link', { name: /Sam Lee/ }).textContent).not.toContain('unread'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sam Lee' })));
  });

  it('loads earlier messages a page at a time, asking for those before the oldest one held', async () => {
    const api = messagesApi({
      [`GET ${conversationPath}/messages`]: (request) =>
        request.query.get('before') === messageId(30)
          ? [200, { messages: [testMessage(29), testMessage(28)], allLoaded: true }]
          : [200, { messages: [testMessage(31), testMessage(30)], allLoaded: false }],
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    const log = await openLog();
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(4));
    expect(within(log).getAllByRole('listitem')[0]?.textContent).toContain('Message number 28');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    const pages = api.requests.filter((request) => request.path === `${conversationPath}/messages`);
    expect(pages.map((request) => request.query.get('before'))).toEqual([null, messageId(30)]);
  });

  it('sends with Ctrl+Enter (Enter alone starts a new line) and shows the message', async () => {
    const api = messagesApi({
      [`POST ${conversationPath}/messages`]: (request) => [201, testMessage(4, { text: (request.body as { text: string }).text })],
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello Sam{Enter}See you Tuesday');
    expect((box as HTMLTextAreaElement).value).toBe('Hello Sam\nSee you Tuesday');
    expect(api.requests.some((request) => request.method === 'POST' && request.path.endsWith('/messages'))).toBe(false);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText(/See you Tuesday/)).toBeTruthy());
    expect(api.requests.find((request) => request.method === 'POST' && request.path.endsWith('/messages'))?.body).toEqual({
      text: 'Hello Sam\nSee you Tuesday',
      attachmentIds: [],
    });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the text and says why when a message fails to send', async () => {
    messagesApi({
      [`POST ${conversationPath}/messages`]: () => [503, { message: 'The service is busy. Please try again.' }],
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Are you free on Friday?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your message was not sent');
    expect(alert.textContent).toContain('The service is busy. Please try again.');
    expect((box as HTMLTextAreaElement).value).toBe('Are you free on Friday?');
  });

  it('refuses to send an empty message without asking the API', async () => {
    const api = messagesApi();
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGE_REQUIRED)).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST' && request.path.endsWith('/messages'))).toBe(false);
  });

  it('uploads chosen files when sending, lets one be removed first, and shows sent files as download links', async () => {
    let uploads = 0;
    const api = messagesApi({
      [`POST ${conversationPath}/attachments`]: () => {
        uploads += 1;
        return [201, { id: ids.attachment, name: 'care-plan.pdf', contentType: 'application/pdf', byteSize: 2048 }];
      },
      [`POST ${conversationPath}/messages`]: () => [
        201,
        testMessage(4, { text: 'The plan', attachments: [{ id: ids.attachment, name: 'care-plan.pdf', contentType: 'application/pdf', byteSize: 2048 }] }),
      ],
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    const input = screen.getByLabelText('Attach files');
    await userEvent.upload(input, [
      new File(['%PDF-1.7'], 'care-plan.pdf', { type: 'application/pdf' }),
      new File(['x'], 'notes.pdf', { type: 'application/pdf' }),
    ]);
    const chosen = screen.getByRole('list', { name: 'Files to send' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove notes.pdf' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'The plan');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const download = await screen.findByRole('link', { name: 'Download care-plan.pdf' });
    expect(download.getAttribute('href')).toBe(`${conversationPath}/attachments/${ids.attachment}`);
    expect(uploads).toBe(1);
    expect(api.requests.find((request) => request.method === 'POST' && request.path.endsWith('/messages'))?.body).toEqual({
      text: 'The plan',
      attachmentIds: [ids.attachment],
    });
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('turns away a file that is not a PDF or an image', async () => {
    messagesApi();
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    await userEvent.upload(screen.getByLabelText('Attach files'), new File(['x'], 'virus.exe', { type: 'application/x-msdownload' }), { applyAccept: false });
    expect((await screen.findByRole('alert')).textContent).toContain('virus.exe is not a PDF or an image');
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('shows a message that arrives live and marks it read', async () => {
    const api = messagesApi();
    renderApp(`/messages?conversation=${ids.conversation}`);
    const log = await openLog();
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    const reads = () => api.requests.filter((request) => request.path === `${conversationPath}/read`).length;
    await waitFor(() => expect(reads()).toBe(1));
    publishRealtimeEvent({ type: 'message', message: testMessage(5, { text: 'Just arrived' }) });
    await waitFor(() => expect(within(log).getByText('Just arrived')).toBeTruthy());
    await waitFor(() => expect(reads()).toBe(2));
    // A message for another conversation does not join this one.
    publishRealtimeEvent({ type: 'message', message: testMessage(6, { conversationId: ids.otherConversation, text: 'Elsewhere' }) });
    publishRealtimeEvent({ type: 'message', message: testMessage(5, { text: 'Just arrived' }) });
    expect(within(log).queryByText('Elsewhere')).toBeNull();
    expect(within(log).getAllByText('Just arrived')).toHaveLength(1);
  });

  it('starts the conversation for ?with= and moves to its own address', async () => {
    const api = messagesApi({ 'POST /api/conversations': () => [200, testConversation()] });
    const { router } = renderApp(`/messages?with=${ids.worker}`);
    await waitFor(() => expect(router.state.location.search).toBe(`?conversation=${ids.conversation}`), slow);
    await openLog();
    expect(api.requests.filter((request) => request.method === 'POST' && request.path === '/api/conversations').map((request) => request.body)).toEqual([
      { withUserId: ids.worker },
    ]);
  });

  it('says so when ?with= names someone the user cannot message', async () => {
    messagesApi({ 'POST /api/conversations': () => [404, { message: 'We could not find that person.', code: 'NOT_FOUND' }] });
    renderApp(`/messages?with=${ids.otherWorker}`);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('We could not find that person.');
    expect(screen.getByRole('link', { name: 'See all your conversations' })).toBeTruthy();
  });

  it('says a conversation the user may not see cannot be found', async () => {
    messagesApi({
      [`GET /api/conversations/${ids.otherConversation}`]: () => [404, { message: CONVERSATION_NOT_FOUND_MESSAGE, code: 'NOT_FOUND' }],
      [`GET /api/conversations/${ids.otherConversation}/messages`]: () => [404, { message: CONVERSATION_NOT_FOUND_MESSAGE, code: 'NOT_FOUND' }],
    });
    renderApp(`/messages?conversation=${ids.otherConversation}`);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain(CONVERSATION_NOT_FOUND_MESSAGE);
  });

  it('blocks from the conversation menu, replacing the composer with a notice, and unblocks', async () => {
    let blocked: Conversation['blocked'] = null;
    const api = messagesApi({
      [`GET ${conversationPath}`]: () => [200, testConversation({ blocked })],
      [`POST ${conversationPath}/block`]: () => {
        blocked = 'ME';
        return [200, testConversation({ blocked })];
      },
      [`DELETE ${conversationPath}/block`]: () => {
        blocked = null;
        return [200, testConversation({ blocked })];
      },
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    await userEvent.click(screen.getByRole('button', { name: 'Conversation options' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked this conversation')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Sam' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(api.requests.filter((request) => request.path === `${conversationPath}/block`).map((request) => request.method)).toEqual(['POST', 'DELETE']);
  });

  it('closes the conversation options with Escape, giving focus back to their button', async () => {
    messagesApi();
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    const options = screen.getByRole('button', { name: 'Conversation options' });
    await userEvent.click(options);
    expect(options.getAttribute('aria-expanded')).toBe('true');
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Block');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(document.activeElement).toBe(options);
    expect(options.getAttribute('aria-expanded')).toBe('false');
  });

  it('tells the user when the other person has blocked the conversation, with no composer', async () => {
    messagesApi({}, testConversation({ blocked: 'THEM' }));
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    expect(screen.getByText(/Sam has blocked this conversation/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('shows the blocked notice when a send is refused because the conversation was blocked meanwhile', async () => {
    let blocked: Conversation['blocked'] = null;
    messagesApi({
      [`GET ${conversationPath}`]: () => [200, testConversation({ blocked })],
      [`POST ${conversationPath}/messages`]: () => {
        blocked = 'THEM';
        return [409, { message: CONVERSATION_BLOCKED_MESSAGE, code: 'CONFLICT' }];
      },
    });
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Sam has blocked this conversation/)).toBeTruthy();
  });

  it('reports a conversation through a dialog and gives the reference', async () => {
    const api = messagesApi({ [`POST ${conversationPath}/report`]: () => [201, { reference: 'CR-1042' }] });
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    await userEvent.click(screen.getByRole('button', { name: 'Conversation options' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Report conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Tell us what worries you about this conversation.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What worries you\?/ }), 'He asked for my bank details.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('CR-1042')).toBeTruthy();
    expect(api.requests.find((request) => request.path === `${conversationPath}/report`)?.body).toEqual({ reason: 'He asked for my bank details.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets a coordinator acting for a client read the client’s conversations with the alias token', async () => {
    setSignedInUser(testUser('SUPPORT'));
    const { startAliasSession } = await import('../../platform/session');
    startAliasSession({ aliasToken: 'alias-token', id: ids.careSeeker, name: 'Irene Papadopoulos', firstName: 'Irene', email: 'irene@example.com', role: 'CS' });
    const api = messagesApi();
    renderApp(`/messages?conversation=${ids.conversation}`);
    await openLog();
    expect(api.requests.filter((request) => request.path.startsWith('/api/conversations')).every((request) => request.authToken === 'alias-token')).toBe(true);
  });
});
