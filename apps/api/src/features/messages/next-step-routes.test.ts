import { addDays, format, parseISO } from 'date-fns';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shiftSchema } from '@tendly/domain/api/bookings';
import { CONVERSATION_NOT_FOUND_MESSAGE, conversationNextStepSchema, conversationSchema, type ConversationNextStep } from '@tendly/domain/api/conversations';
import { INACTIVE_PROFILE, NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { users } from '../../platform/db/schema/accounts';
import { workerProfiles } from '../../platform/db/schema/workers';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, linkClient, sessionFor } from '../auth/test-factories';
import { book } from '../bookings/test-bookings';
import { todayIn } from '../contracts/contracts-service';
import { careSeekerWithSession, offer, offerOk, workerWithSession } from '../contracts/test-contracts';
import { coordinatorActingForClient } from '../jobs/test-jobs';

const { call, db } = useTestApp({ database: { referenceData: true } });

/** A care seeker (Helen, in NSW) and a worker (Wren) with a conversation Helen started. */
async function talkingPair() {
  const cs = await careSeekerWithSession(db());
  const cr = await workerWithSession(db());
  return { cs, cr, conversationId: await conversationOf(cs.token, cr.user.id) };
}

async function conversationOf(token: string, withUserId: string): Promise<string> {
  const response = await call('POST', '/api/conversations', { token, payload: { withUserId } });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return conversationSchema.parse(response.json()).id;
}

async function nextStep(token: string, conversationId: string): Promise<ConversationNextStep> {
  const response = await call('GET', `/api/conversations/${conversationId}/next-step`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return conversationNextStepSchema.parse(response.json());
}

async function accept(token: string, contractId: string) {
  const response = await call('POST', `/api/contracts/${contractId}/accept`, { token, payload: { signatureName: 'Wren Walker', agreed: true } });
  expect(response.statusCode, response.body).toBe(200);
}

/** 9 to 12 a week from today in Sydney: inside an agreement that starts today. */
function nextWeekMorning() {
  const date = format(addDays(parseISO(todayIn('NSW')), 7), 'yyyy-MM-dd');
  return { start: `${date}T09:00`, end: `${date}T12:00` };
}

describe('the next step in a conversation', () => {
  it('walks both sides from "send an agreement" to a confirmed first shift, each seeing their own part', async () => {
    const { cs, cr, conversationId } = await talkingPair();
    expect(await nextStep(cs.token, conversationId)).toEqual({ step: 'SEND_AGREEMENT', contractId: null, shift: null });
    expect(await nextStep(cr.token, conversationId)).toEqual({ step: 'AWAIT_AGREEMENT', contractId: null, shift: null });

    const contract = await offerOk(call, cs.token, offer(cr.user.id));
    expect(await nextStep(cs.token, conversationId)).toEqual({ step: 'AWAIT_ACCEPTANCE', contractId: contract.id, shift: null });
    expect(await nextStep(cr.token, conversationId)).toEqual({ step: 'ACCEPT_AGREEMENT', contractId: contract.id, shift: null });

    await accept(cr.token, contract.id);
    expect(await nextStep(cs.token, conversationId)).toEqual({ step: 'BOOK_FIRST_SHIFT', contractId: contract.id, shift: null });
    expect(await nextStep(cr.token, conversationId)).toEqual({ step: 'AWAIT_FIRST_SHIFT', contractId: contract.id, shift: null });

    const [first] = await book(call, cs.token, { contractId: contract.id, ...nextWeekMorning() });
    const expectedShift = { id: first!.id, startsAt: first!.startsAt, endsAt: first!.endsAt, state: 'NSW', timeZone: 'Australia/Sydney' };
    expect(await nextStep(cr.token, conversationId)).toEqual({ step: 'CONFIRM_FIRST_SHIFT', contractId: contract.id, shift: expectedShift });
    expect(await nextStep(cs.token, conversationId)).toEqual({ step: 'AWAIT_SHIFT_CONFIRMATION', contractId: contract.id, shift: expectedShift });

    const confirmed = await call('POST', `/api/shifts/${first!.id}/confirm`, { token: cr.token });
    expect(shiftSchema.parse(confirmed.json()).scheduleResponseStatus).toBe('CONFIRMED');
    for (const token of [cs.token, cr.token]) expect(await nextStep(token, conversationId)).toEqual({ step: 'NONE', contractId: contract.id, shift: null });
  });

  it('offers a new agreement once the last one was declined or withdrawn, and none to a worker who is not taking clients', async () => {
    const { cs, cr, conversationId } = await talkingPair();
    const declined = await offerOk(call, cs.token, offer(cr.user.id));
    expect((await call('POST', `/api/contracts/${declined.id}/decline`, { token: cr.token, payload: { reason: 'Not this month' } })).statusCode).toBe(200);
    expect((await nextStep(cs.token, conversationId)).step).toBe('SEND_AGREEMENT');
    const withdrawn = await offerOk(call, cs.token, offer(cr.user.id));
    expect((await call('POST', `/api/contracts/${withdrawn.id}/withdraw`, { token: cs.token })).statusCode).toBe(200);
    expect(await nextStep(cs.token, conversationId)).toEqual({ step: 'SEND_AGREEMENT', contractId: null, shift: null });

    // A worker who is no longer listed cannot be offered one: the care seeker is not told to.
    await db().update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, cr.user.id));
    expect(await nextStep(cs.token, conversationId)).toEqual({ step: 'NONE', contractId: null, shift: null });
  });

  it('gives a coordinator acting for the care seeker the care seeker’s next step, and acts on it', async () => {
    const { client, aliasToken } = await coordinatorActingForClient(db(), call);
    await db().update(users).set({ state: 'NSW', postcode: '2204', suburb: 'Marrickville' }).where(eq(users.id, client.id));
    const cr = await workerWithSession(db());
    const conversationId = await conversationOf(aliasToken, cr.user.id);
    expect((await nextStep(aliasToken, conversationId)).step).toBe('SEND_AGREEMENT');
    const contract = await offerOk(call, aliasToken, offer(cr.user.id));
    expect(await nextStep(aliasToken, conversationId)).toEqual({ step: 'AWAIT_ACCEPTANCE', contractId: contract.id, shift: null });
    expect((await nextStep(cr.token, conversationId)).step).toBe('ACCEPT_AGREEMENT');
    // The client signed in themselves sees the same.
    expect((await nextStep(await sessionFor(db(), client.id), conversationId)).step).toBe('AWAIT_ACCEPTANCE');
  });
});

describe('who may ask for the next step', () => {
  it('asks a visitor to sign in (401)', async () => {
    const { conversationId } = await talkingPair();
    const response = await call('GET', `/api/conversations/${conversationId}/next-step`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(PLEASE_LOGIN);
  });

  it('refuses the wrong roles (403): an administrator, a coordinator not acting, even one linked to the client, and an inactive worker', async () => {
    const { cs, conversationId } = await talkingPair();
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const coordinator = await createCoordinator(db());
    await linkClient(db(), coordinator.id, cs.user.id);
    for (const token of [admin, await sessionFor(db(), coordinator.id)]) {
      const response = await call('GET', `/api/conversations/${conversationId}/next-step`, { token });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_AUTHORIZED);
    }
    const inactive = await workerWithSession(db(), { user: { firstName: 'Ina' } });
    const inactiveConversation = await conversationOf(cs.token, inactive.user.id);
    await db().update(workerProfiles).set({ status: 'INACTIVE' }).where(eq(workerProfiles.userId, inactive.user.id));
    const response = await call('GET', `/api/conversations/${inactiveConversation}/next-step`, { token: inactive.token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' });
  });

  it('answers 404 to anyone who is not one of its two sides, and 400 to an id that is not one', async () => {
    const { cs, cr, conversationId } = await talkingPair();
    await offerOk(call, cs.token, offer(cr.user.id));
    const stranger = await careSeekerWithSession(db(), { firstName: 'Stella' });
    const otherWorker = await workerWithSession(db(), { user: { firstName: 'Otto' } });
    const { aliasToken: otherClientsCoordinator } = await coordinatorActingForClient(db(), call);
    for (const token of [stranger.token, otherWorker.token, otherClientsCoordinator]) {
      const response = await call('GET', `/api/conversations/${conversationId}/next-step`, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CONVERSATION_NOT_FOUND_MESSAGE);
    }
    expect((await call('GET', '/api/conversations/not-a-uuid/next-step', { token: cs.token })).statusCode).toBe(400);
  });
});
