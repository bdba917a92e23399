import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORKER_SEARCH_FAILED } from '@tendly/domain/errors';
import { renderApp } from '../../app/test-app';
import { deferredReply, mockApi, type SentRequest } from '../../app/test-api';
import { pagedAnswer } from '../../app/test-pages';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { testWorkers, testWorkerSummary } from './test-search-api';

setUpPageTests(() => import('./worker-search-page'));

afterEach(() => {
  window.sessionStorage.clear();
});

const slow = { timeout: 10_000 };

function searches(requests: readonly SentRequest[]): SentRequest[] {
  return requests.filter((request) => request.path === '/api/search');
}

function status(): HTMLElement {
  return screen.getByRole('status');
}

describe('worker search: filters in the URL', { timeout: 30_000 }, () => {
  it('searches by place, distance and keywords, puts them in the URL with the API names, and Back restores them', async () => {
    const { requests } = mockApi({ 'GET /api/search': (request) => pagedAnswer(testWorkers(3))(request.query) });
    const { router } = renderApp('/care-workers/search');
    await waitFor(() => expect(status().textContent).toBe('Showing 3 workers'), slow);
    expect(searches(requests)[0]?.query.toString()).toBe('sortType=bestMatch&start=0&limit=25');

    await userEvent.type(screen.getByRole('combobox', { name: 'Suburb or postcode' }), 'Marrickville');
    await userEvent.selectOptions(screen.getByLabelText('Distance'), 'Within 10 km');
    await userEvent.type(screen.getByLabelText('Keywords'), 'gardening');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Marrickville&locationType=KM_10&keyword=gardening'));
    await waitFor(() => expect(searches(requests)).toHaveLength(2));
    expect(Object.fromEntries(searches(requests)[1]?.query ?? [])).toMatchObject({
      location: 'Marrickville',
      locationType: 'KM_10',
      keyword: 'gardening',
      start: '0',
      limit: '25',
    });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Drives and can take you out' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?location=Marrickville&locationType=KM_10&keyword=gardening&availability=mon&driving=true'),
    );
    await waitFor(() => expect(searches(requests).at(-1)?.query.getAll('availability')).toEqual(['mon']));
    expect(searches(requests).at(-1)?.query.get('driving')).toBe('true');
    // Filtering keeps focus on the control just used (the layout moves focus only on a new page).
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Drives and can take you out' }));

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Newest');
    await waitFor(() => expect(router.state.location.search).toContain('sortType=newest'));

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Marrickville&locationType=KM_10&keyword=gardening'));
    expect((screen.getByRole('checkbox', { name: 'Monday' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('combobox', { name: 'Suburb or postcode' }) as HTMLInputElement).value).toBe('Marrickville');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByRole('combobox', { name: 'Suburb or postcode' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Distance') as HTMLSelectElement).value).toBe('ANY');
  });

  it('opens a shared link with its filters set, shown as chips that take a filter away', async () => {
    const { requests } = mockApi({ 'GET /api/search': () => [200, testWorkers(2)] });
    const { router } = renderApp('/care-workers/search?carerLanguage=el&skillType=DEMENTIA&driving=true&gender=FEMALE');
    await waitFor(() => expect(status().textContent).toBe('Showing 2 workers'), slow);
    const query = searches(requests)[0]?.query;
    expect(query?.getAll('carerLanguage')).toEqual(['el']);
    expect(query?.getAll('skillType')).toEqual(['DEMENTIA']);
    expect(query?.get('driving')).toBe('true');
    expect(query?.get('gender')).toBe('FEMALE');
    expect((screen.getByLabelText('Worker’s gender') as HTMLSelectElement).value).toBe('FEMALE');
    expect((screen.getByRole('checkbox', { name: 'Drives and can take you out' }) as HTMLInputElement).checked).toBe(true);

    const chips = within(screen.getByRole('list', { name: 'Your filters' }));
    expect(chips.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dementia', 'Female worker', 'Speaks Greek', 'Drives']);
    await userEvent.click(chips.getByRole('button', { name: 'Remove “Speaks Greek”' }));
    await waitFor(() => expect(router.state.location.search).toBe('?gender=FEMALE&skillType=DEMENTIA&driving=true'));
    // Focus moves to the chip that took its place.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove “Drives”' })));

    await userEvent.click(screen.getAllByRole('button', { name: 'Clear all' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('list', { name: 'Your filters' })).toBeNull();
  });

  it('folds the filter panel away behind a button that says whether it is open', async () => {
    mockApi({ 'GET /api/search': () => [200, []] });
    renderApp('/care-workers/search?driving=true');
    const toggle = await screen.findByRole('button', { name: 'Show filters (1 on)' }, slow);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hasAttribute('data-open')).toBe(false);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide filters');
    expect(panel?.hasAttribute('data-open')).toBe(true);
  });
});

describe('worker search: results', { timeout: 30_000 }, () => {
  it('shows skeletons and says it is searching until the first page comes', async () => {
    const pending = deferredReply();
    mockApi({ 'GET /api/search': pending.reply });
    renderApp('/care-workers/search');
    await waitFor(() => expect(status().textContent).toBe('Searching for workers…'), slow);
    expect(document.querySelectorAll('ul[aria-hidden="true"] > li')).toHaveLength(6);
    pending.resolve([200, [testWorkerSummary()]]);
    await waitFor(() => expect(status().textContent).toBe('Showing 1 worker'));
    expect(document.querySelector('ul[aria-hidden="true"]')).toBeNull();
    const card = screen.getByRole('link', { name: 'Eleni P.' });
    expect(card.getAttribute('href')).toBe('/carer/profile/worker-1');
  });

  it('loads 25 more at a time, moves focus to the first new worker, and flags the end when fewer than 25 come', async () => {
    const { requests } = mockApi({ 'GET /api/search': (request) => pagedAnswer(testWorkers(30))(request.query) });
    renderApp('/care-workers/search?location=2204');
    await waitFor(() => expect(status().textContent).toBe('Showing 25 workers'), slow);
    expect(within(screen.getByRole('list', { name: 'Workers' })).getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByText(/reached the end/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more workers' }));
    await waitFor(() => expect(status().textContent).toBe('Showing 30 workers'));
    expect(searches(requests).map((request) => request.query.get('start'))).toEqual(['0', '25']);
    expect(searches(requests)[1]?.query.get('location')).toBe('2204');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Worker26 P.' })));
    expect(screen.queryByRole('button', { name: 'Load more workers' })).toBeNull();
    expect(screen.getByText('You’ve reached the end of the list: that’s every worker who matches.')).toBeTruthy();
  });

  it('flags the end after a full page when the next one comes back empty', async () => {
    mockApi({ 'GET /api/search': (request) => pagedAnswer(testWorkers(25))(request.query) });
    renderApp('/care-workers/search');
    await waitFor(() => expect(status().textContent).toBe('Showing 25 workers'), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Load more workers' }));
    expect(await screen.findByText(/You’ve reached the end of the list/)).toBeTruthy();
    expect(status().textContent).toBe('Showing 25 workers');
    expect(screen.queryByRole('button', { name: 'Load more workers' })).toBeNull();
  });

  it('says "We’re so sorry!" with the spec’s message when the search fails, and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/search': () => {
        calls += 1;
        return calls === 1 ? [500, { message: 'Database unavailable', code: 'INTERNAL' }] : [200, testWorkers(2)];
      },
    });
    renderApp('/care-workers/search');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(within(alert).getByRole('heading', { name: WORKER_SEARCH_FAILED.title })).toBeTruthy();
    expect(within(alert).getByText(WORKER_SEARCH_FAILED.message)).toBeTruthy();
    expect(within(alert).queryByText('Database unavailable')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(status().textContent).toBe('Showing 2 workers'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the API’s message for a place it does not know at the location field, and clears it on focus', async () => {
    const message = 'We could not find a suburb or postcode called “Atlantis”. Check the spelling, or try a postcode.';
    mockApi({
      'GET /api/search': (request) =>
        request.query.get('location') === 'Atlantis'
          ? [400, { message, code: 'VALIDATION', errors: { location: message } }]
          : [200, testWorkers(1)],
    });
    renderApp('/care-workers/search?location=Atlantis');
    const field = await screen.findByRole('combobox', { name: 'Suburb or postcode' }, slow);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(status().textContent).toBe(`We could not search: ${message}`);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(field);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await userEvent.clear(field);
    await userEvent.type(field, 'Marrickville{Enter}');
    await waitFor(() => expect(status().textContent).toBe('Showing 1 worker'));
  });

  it('suggests concrete changes when no one matches, with buttons that make them', async () => {
    const { requests } = mockApi({
      'GET /api/search': (request) => (request.query.get('locationType') === 'KM_10' ? [200, testWorkers(4)] : [200, []]),
    });
    const { router } = renderApp('/care-workers/search?location=2204&locationType=KM_5&carerLanguage=el&newWorkersOnly=true');
    expect(await screen.findByRole('heading', { name: 'No workers match your search yet' }, slow)).toBeTruthy();
    expect(status().textContent).toBe('No workers match your search');
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(
      expect.arrayContaining(['Widen the distance to 10 km', 'Search without “Speaks Greek”', 'Search without “New workers only”', 'Clear all filters']),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Widen the distance to 10 km' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=2204&locationType=KM_10&carerLanguage=el&newWorkersOnly=true'));
    await waitFor(() => expect(status().textContent).toBe('Showing 4 workers'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Workers' }));
    expect(searches(requests).at(-1)?.query.get('locationType')).toBe('KM_10');
  });
});

describe('worker search: places and totals (issue 11)', { timeout: 30_000 }, () => {
  const marrickville = { suburb: 'Marrickville', state: 'NSW', postcode: '2204' };
  const unknownMessage = 'We could not find "Marickville". Did you mean Marrickville NSW 2204? Try a suburb name or a postcode.';

  it('says how many of the total are showing', async () => {
    mockApi({ 'GET /api/search': (request) => [200, pagedAnswer(testWorkers(30))(request.query)[1], { 'X-Total-Count': '1234' }] });
    renderApp('/care-workers/search');
    await waitFor(() => expect(status().textContent).toBe('Showing 25 of 1,234 workers'), slow);
  });

  it('offers the place it may have meant as a link in one sentence, which searches it, and asks the API once', async () => {
    const { requests } = mockApi({
      'GET /api/search': (request) =>
        request.query.get('location') === 'Marickville'
          ? [400, { message: unknownMessage, code: 'UNKNOWN_PLACE', errors: { location: unknownMessage }, places: [marrickville] }]
          : [200, testWorkers(2)],
    });
    const { router } = renderApp('/care-workers/search?location=Marickville');
    const suggestion = await screen.findByRole('button', { name: 'Marrickville NSW 2204' }, slow);
    expect(status().textContent).toBe('Did you mean Marrickville NSW 2204?');
    const field = screen.getByRole('combobox', { name: 'Suburb or postcode' });
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('We could not find "Marickville".');
    // Said once: the suggestion is in the page once, and so is the lead.
    expect(document.body.textContent?.split('Marrickville NSW 2204')).toHaveLength(2);
    expect(document.body.textContent?.split('We could not find')).toHaveLength(2);
    expect(searches(requests)).toHaveLength(1);

    await userEvent.click(suggestion);
    await waitFor(() => expect(router.state.location.search).toBe('?location=Marrickville+NSW+2204'));
    await waitFor(() => expect(status().textContent).toBe('Showing 2 workers'));
    expect((field as HTMLInputElement).value).toBe('Marrickville NSW 2204');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Workers' }));
  });

  it('lists every place of an ambiguous name as a button that searches it', async () => {
    const places = [
      { suburb: 'Springfield', state: 'NSW', postcode: '2250' },
      { suburb: 'Springfield', state: 'QLD', postcode: '4300' },
      { suburb: 'Springfield', state: 'SA', postcode: '5062' },
    ];
    const message = 'There are 3 places called Springfield. Which one do you mean? Add the state or the postcode, for example "Springfield NSW 2250".';
    mockApi({
      'GET /api/search': (request) =>
        request.query.get('location') === 'Springfield'
          ? [400, { message, code: 'AMBIGUOUS_PLACE', errors: { location: message }, places }]
          : [200, testWorkers(1)],
    });
    const { router } = renderApp('/care-workers/search?location=Springfield&locationType=KM_10');
    const choices = await screen.findByRole('list', { name: 'Places called Springfield' }, slow);
    expect(within(choices).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Springfield NSW 2250',
      'Springfield QLD 4300',
      'Springfield SA 5062',
    ]);
    expect(status().textContent).toContain('Which one do you mean?');
    const field = screen.getByRole('combobox', { name: 'Suburb or postcode' });
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('There are 3 places called Springfield.');
    await userEvent.click(within(choices).getByRole('button', { name: 'Springfield QLD 4300' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Springfield+QLD+4300&locationType=KM_10'));
    await waitFor(() => expect(status().textContent).toBe('Showing 1 worker'));
  });

  it('says what to do about an unknown place with nothing like it, without saying it twice', async () => {
    const message = 'We could not find "Qwxzy". Try a suburb name or a postcode.';
    mockApi({ 'GET /api/search': () => [400, { message, code: 'UNKNOWN_PLACE', errors: { location: message }, places: [] }] });
    renderApp('/care-workers/search?location=Qwxzy');
    await waitFor(() => expect(status().textContent).toBe('Check the place, then search again.'), slow);
    const field = screen.getByRole('combobox', { name: 'Suburb or postcode' });
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
  });
});

describe('worker search: the way to the AI worker match', { timeout: 30_000 }, () => {
  it('is offered to a visitor, keeping the filters', async () => {
    mockApi({ 'GET /api/search': () => [200, []] });
    renderApp('/care-workers/search?carerLanguage=el');
    const link = await screen.findByRole('link', { name: 'Try the AI worker match' }, slow);
    expect(link.getAttribute('href')).toBe('/care-workers/search?carerLanguage=el&show=whiz');
  });

  it('is offered to a care seeker', async () => {
    setSignedInUser(testUser('CS'));
    mockApi({ 'GET /api/search': () => [200, []], 'GET /api/me': () => [200, {}] });
    renderApp('/care-workers/search');
    expect(await screen.findByRole('link', { name: 'Try the AI worker match' }, slow)).toBeTruthy();
  });

  it.each(['CR', 'SUPPORT'] as const)('is not offered to %s, who get the ordinary search even with show=whiz', async (role) => {
    setSignedInUser(testUser(role));
    mockApi({ 'GET /api/search': () => [200, testWorkers(1)], 'GET /api/me': () => [200, {}] });
    renderApp('/care-workers/search?show=whiz');
    await waitFor(() => expect(status().textContent).toBe('Showing 1 worker'), slow);
    expect(screen.getByRole('combobox', { name: 'Suburb or postcode' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try the AI worker match' })).toBeNull();
    expect(screen.queryByRole('log')).toBeNull();
  });
});
