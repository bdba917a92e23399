import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { deferredReply, mockApi, type SentRequest } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { interpretAnswer, testWorkerSummary } from './test-search-api';
import { ALL_SET_TEXT, INTERPRET_FAILED_TEXT, OPENING_QUESTION } from './use-match-conversation';

setUpPageTests(() => import('./worker-search-page'));

afterEach(() => {
  window.sessionStorage.clear();
});

const slow = { timeout: 10_000 };
const request = 'a Greek-speaking woman near Marrickville to help mum with dementia on weekday mornings';
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const understoodFilters = {
  location: 'Marrickville',
  locationType: 'KM_50' as const,
  gender: 'FEMALE' as const,
  skillType: ['DEMENTIA' as const],
  availability: [...weekdays],
  timesOfDay: ['morning' as const],
  carerLanguage: ['el' as const],
  careFor: 'Immediate Family' as const,
};
const firstAnswered = ['support' as const, 'careFor' as const, 'location' as const, 'when' as const];
const widened = 'No workers within 25 km of Marrickville, so we widened the search to 50 km.';
const searchArea = { locationType: 'KM_50' as const, isAutomatic: true, note: widened };
const preferencesQuestion = { topic: 'preferences' as const, text: 'Is there anything else that matters, such as a worker who drives?' };

const eleni = testWorkerSummary({ distance: 2345 });
const maria = testWorkerSummary({ carerId: 'worker-2', firstName: 'Maria', languages: ['en', 'it'], skills: ['DEMENTIA'], distance: 4100 });

function interpretCalls(requests: readonly SentRequest[]): SentRequest[] {
  return requests.filter((sent) => sent.path === '/api/search/interpret');
}
function searchCalls(requests: readonly SentRequest[]): SentRequest[] {
  return requests.filter((sent) => sent.path === '/api/search');
}

function log(): HTMLElement {
  return screen.getByRole('log', { name: 'Conversation with the AI worker match' });
}

function messageBox(): HTMLInputElement {
  return screen.getByRole('textbox', { name: 'Your message' }) as HTMLInputElement;
}

describe('the AI worker match', { timeout: 40_000 }, () => {
  it('turns a request into filters shown as chips, lists matches with reasons, asks on, and takes skips and removed chips', async () => {
    const { requests } = mockApi({
      'POST /api/search/interpret': (sent) => {
        const body = sent.body as { text: string };
        return body.text === 'skip'
          ? [200, interpretAnswer({ filters: understoodFilters, nextQuestion: null, answered: [...firstAnswered, 'preferences'], searchArea: { ...searchArea, note: null } })]
          : [
              200,
              interpretAnswer({
                filters: understoodFilters,
                understood: [
                  { filter: 'carerLanguage', label: 'Speaks Greek' },
                  { filter: 'gender', label: 'A woman' },
                  { filter: 'skillType', label: 'Dementia' },
                ],
                nextQuestion: preferencesQuestion,
                answered: firstAnswered,
                searchArea,
              }),
            ];
      },
      'GET /api/search': (sent) => [200, sent.query.getAll('carerLanguage').includes('el') ? [eleni] : [eleni, maria]],
    });
    const { router } = renderApp('/care-workers/search?show=whiz');

    // It opens with its first question and searches nothing until the user says something.
    expect(await within(await screen.findByRole('log', {}, slow)).findByText(OPENING_QUESTION.text)).toBeTruthy();
    expect(messageBox().getAttribute('aria-describedby')).toBeTruthy();
    expect(searchCalls(requests)).toHaveLength(0);
    expect(screen.getByText('Your matches will show here as soon as you tell me what you need.')).toBeTruthy();

    await userEvent.type(messageBox(), `${request}{Enter}`);
    const reply = await within(log()).findByText(preferencesQuestion.text);
    const understood = within(reply.closest('li') as HTMLElement).getByRole('list');
    expect(within(understood).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Speaks Greek', 'A woman', 'Dementia']);
    // Where it searched, and why, is said in the reply.
    expect(within(reply.closest('li') as HTMLElement).getByText(widened)).toBeTruthy();
    expect(within(log()).getByText(request)).toBeTruthy();
    expect(interpretCalls(requests)[0]?.body).toEqual({ text: request, current: {}, answered: [] });
    expect(messageBox().value).toBe('');
    expect(document.activeElement).toBe(messageBox());

    // The filters go into the URL, the parts of the day too; who it is for filters nothing, and does not.
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?show=whiz&location=Marrickville&locationType=KM_50&gender=FEMALE&skillType=DEMENTIA' +
          weekdays.map((day) => `&availability=${day}`).join('') +
          '&timesOfDay=morning&carerLanguage=el',
      ),
    );
    // Every chip is a filter the search applies (issue 11): no chip for who the support is for.
    const chips = within(await screen.findByRole('list', { name: 'What I’m looking for' }, slow));
    await waitFor(() => expect(chips.getAllByRole('listitem')).toHaveLength(6));
    expect(chips.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Dementia',
      'Within 50 km of Marrickville',
      'Free on weekdays',
      'Mornings',
      'Female worker',
      'Speaks Greek',
    ]);

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 1 worker'));
    const search = searchCalls(requests).at(-1)?.query;
    expect(search?.getAll('carerLanguage')).toEqual(['el']);
    expect(search?.get('locationType')).toBe('KM_50');
    expect(search?.getAll('timesOfDay')).toEqual(['morning']);
    expect(search?.has('careFor')).toBe(false);
    const card = within(screen.getByRole('article'));
    expect(card.getByText('Speaks Greek · Dementia experience · Free on weekdays · 2.35 km away · Female worker')).toBeTruthy();

    // The question's quick answers, and Skip.
    const quickAnswers = within(screen.getByRole('group', { name: 'Quick answers' }));
    expect(quickAnswers.getByRole('button', { name: 'Someone who drives' })).toBeTruthy();
    await userEvent.click(quickAnswers.getByRole('button', { name: 'Skip this question' }));
    await waitFor(() => expect(within(log()).getByText(`No problem. ${ALL_SET_TEXT}`)).toBeTruthy());
    // The button's words show in the conversation; the API gets the plain reply it reads as a
    // skip, with the topics already answered from its last answer.
    expect(within(log()).getByText('Skip this question')).toBeTruthy();
    const skipCall = interpretCalls(requests)[1]?.body as { text: string; current: unknown; answered: string[]; autoRadius?: string };
    expect(skipCall.text).toBe('skip');
    expect(skipCall.answered).toEqual(firstAnswered);
    expect(skipCall.current).toEqual(understoodFilters);
    // The radius it chose itself goes back, so it may change it again.
    expect(skipCall.autoRadius).toBe('KM_50');
    expect(screen.queryByRole('group', { name: 'Quick answers' })).toBeNull();
    expect(document.activeElement).toBe(messageBox());

    // Taking a chip away searches again without it.
    await userEvent.click(chips.getByRole('button', { name: 'Remove “Speaks Greek”' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('carerLanguage'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 2 workers'));
    expect(searchCalls(requests).at(-1)?.query.has('carerLanguage')).toBe(false);
    expect(within(screen.getAllByRole('article')[1] as HTMLElement).getByText('Dementia experience · Free on weekdays · 4.1 km away · Female worker')).toBeTruthy();
  });

  it('refines with more words, sending the filters so far, and a quick answer sets its filter itself', async () => {
    const { requests } = mockApi({
      'POST /api/search/interpret': (sent) => {
        const body = sent.body as { current: Record<string, unknown> };
        return [200, interpretAnswer({ filters: { ...body.current, keyword: 'chess' }, understood: [], nextQuestion: null })];
      },
      'GET /api/search': () => [200, [eleni]],
    });
    const { router } = renderApp('/care-workers/search?show=whiz&skillType=AUTISM');
    await screen.findByRole('log', {}, slow);
    // A shared link's filters show as chips, and their matches straight away.
    expect(within(screen.getByRole('list', { name: 'What I’m looking for' })).getByText('Autism')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 1 worker'));

    await userEvent.click(within(screen.getByRole('group', { name: 'Quick answers' })).getByRole('button', { name: 'Personal care' }));
    await waitFor(() => expect(interpretCalls(requests)).toHaveLength(1));
    expect(interpretCalls(requests)[0]?.body).toEqual({ text: 'Personal care', current: { skillType: ['AUTISM'], personalCare: true }, answered: [] });
    await waitFor(() => expect(router.state.location.search).toBe('?show=whiz&keyword=chess&skillType=AUTISM&personalCare=true'));
    expect(within(log()).getByText(`Got it: Personal care. ${ALL_SET_TEXT}`)).toBeTruthy();

    await userEvent.type(messageBox(), 'someone who likes chess{Enter}');
    await waitFor(() => expect(interpretCalls(requests)).toHaveLength(2));
    expect((interpretCalls(requests)[1]?.body as { current: unknown }).current).toEqual({
      skillType: ['AUTISM'],
      keyword: 'chess',
      personalCare: true,
    });
    expect(await within(log()).findByText(/I could not turn that into a filter/)).toBeTruthy();
  });

  it('says when it could not read a message, keeps the words to send again, and refuses an empty one', async () => {
    const pending = deferredReply();
    mockApi({ 'POST /api/search/interpret': pending.reply, 'GET /api/search': () => [200, []] });
    renderApp('/care-workers/search?show=whiz');
    await screen.findByRole('log', {}, slow);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(messageBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Tell us what support you are looking for')).toBeTruthy();

    await userEvent.type(messageBox(), 'help for dad{Enter}');
    await waitFor(() => expect(log().getAttribute('aria-busy')).toBe('true'));
    expect(within(log()).getByText('Reading your message…')).toBeTruthy();
    pending.resolve([500, { message: 'boom' }]);
    expect(await within(log()).findByText(INTERPRET_FAILED_TEXT)).toBeTruthy();
    expect(messageBox().value).toBe('help for dad');
    expect(log().getAttribute('aria-busy')).toBe('false');
  });

  it('opens the ordinary filter control for a chip in a drawer, and switches to the filters and back', async () => {
    mockApi({ 'GET /api/search': () => [200, [eleni]] });
    const { router } = renderApp('/care-workers/search?show=whiz&carerLanguage=el&location=Marrickville');
    await screen.findByRole('log', {}, slow);

    await userEvent.click(screen.getByRole('button', { name: 'Change “Near Marrickville”' }));
    const drawer = await screen.findByRole('dialog', { name: 'Change the filters' });
    const location = within(drawer).getByRole('combobox', { name: 'Suburb or postcode' });
    await waitFor(() => expect(document.activeElement).toBe(location));
    await userEvent.clear(location);
    await userEvent.type(location, '2204{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?show=whiz&location=2204&carerLanguage=el'));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Show my matches' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'What I’m looking for' })).getByText('Near 2204')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Use the filters instead' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=2204&carerLanguage=el'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Suburb or postcode' })));
    expect(screen.queryByRole('log')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Try the AI worker match' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'AI worker match' })));
    expect(router.state.location.search).toBe('?location=2204&carerLanguage=el&show=whiz');
  });

  it('keeps the conversation for the tab (opening a profile and coming back), until the user starts over', async () => {
    mockApi({
      'POST /api/search/interpret': () => [200, interpretAnswer({ filters: { carerLanguage: ['el'] }, understood: [{ filter: 'carerLanguage', label: 'Speaks Greek' }] })],
      'GET /api/search': () => [200, [eleni]],
    });
    setSignedInUser(testUser('CS'));
    const { router, unmount } = renderApp('/care-workers/search?show=whiz');
    await screen.findByRole('log', {}, slow);
    await userEvent.type(messageBox(), 'greek speaker{Enter}');
    expect(await within(log()).findByText(ALL_SET_TEXT)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?show=whiz&carerLanguage=el'));
    unmount();

    renderApp('/care-workers/search?show=whiz&carerLanguage=el');
    expect(await within(await screen.findByRole('log', {}, slow)).findByText('greek speaker')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(within(log()).queryByText('greek speaker')).toBeNull();
    expect(within(log()).getByText(OPENING_QUESTION.text)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'What I’m looking for' })).toBeNull();
  });

  it('names the words it could not use, and with no match says so once, with what to take away, as the results do (issue 31)', async () => {
    const noMatch = {
      filters: { location: 'Wollongong NSW', locationType: 'KM_25' as const, personalCare: true, carerLanguage: ['el' as const], careFor: 'Extended Family' as const },
      understood: [
        { filter: 'personalCare', label: 'Helps with personal care' },
        { filter: 'careFor', label: 'For a relative' },
        { filter: 'location', label: 'Within 25 km of Wollongong NSW' },
        { filter: 'carerLanguage', label: 'Speaks Greek' },
      ],
      notUsed: ['meals'],
      nextQuestion: null,
      results: { count: 0, relax: [{ filter: 'carerLanguage', label: 'Speaks Greek' }] },
    };
    mockApi({
      'POST /api/search/interpret': () => [200, interpretAnswer(noMatch)],
      'GET /api/search': () => [200, []],
    });
    renderApp('/care-workers/search?show=whiz');
    await screen.findByRole('log', {}, slow);
    await userEvent.type(messageBox(), 'nan needs a greek lady to help with showers and meals in wollongong{Enter}');

    const reply = (await within(log()).findByText(/^I could not use: “meals”\./, {}, slow)).closest('li') as HTMLElement;
    expect(reply.textContent).toContain('I could not use: “meals”. There is no filter for that, so mention it when you message a worker.');
    expect(within(reply).getByText('No workers match all of this yet. To find some, you could take away “Speaks Greek”. The buttons under Your matches do it in one press.')).toBeTruthy();
    // One answer about the results, and the list agrees with it.
    expect(log().textContent).not.toContain('Here are the workers');
    expect(await screen.findByRole('heading', { name: 'No workers match your search yet' }, slow)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Search without “Speaks Greek”' }, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No workers match your search yet' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Quick answers' })).toBeNull();
  });
});
