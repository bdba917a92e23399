import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathIfBuilt } from '../../app/test-built-routes';
import { renderApp } from '../../app/test-app';
import { deferredReply, mockApi, type ApiRoutes, type SentRequest } from '../../app/test-api';
import { pagedAnswer } from '../../app/test-pages';
import { testJobSummaries, testJobSummary } from '../../app/test-jobs';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { workerProfileAnswer } from '../worker-profile/test-profile-api';
import { JOB_SEARCH_FAILED } from './job-results';

setUpPageTests(() => import('./job-board-page'), { signedInAs: testUser('CR', { id: 'worker-me', profileStatus: 'ACTIVE' }) });

const slow = { timeout: 10_000 };

function boardApi(routes: ApiRoutes) {
  return mockApi({ 'GET /api/me': () => [200, {}], ...routes });
}

function searches(requests: readonly SentRequest[]): SentRequest[] {
  return requests.filter((request) => request.path === '/api/jobs/search');
}

function status(): HTMLElement {
  return screen.getByRole('status');
}

describe('the job board: filters in the URL', { timeout: 30_000 }, () => {
  it('searches by place, distance, keywords, days and who pays, with the API’s names in the URL; Back restores them', async () => {
    const { requests } = boardApi({ 'GET /api/jobs/search': (request) => pagedAnswer(testJobSummaries(3))(request.query) });
    const { router } = renderApp('/find-a-job');
    await waitFor(() => expect(status().textContent).toBe('Showing 3 jobs'), slow);
    // No place by default: newest first, everywhere.
    expect(searches(requests)[0]?.query.toString()).toBe('sortType=newest&start=0&limit=25');
    expect(screen.getByRole('heading', { level: 1, name: 'Find care and support jobs' })).toBeTruthy();
    // Nearest first needs a place.
    expect(within(screen.getByLabelText('Sort by')).queryByRole('option', { name: 'Nearest first' })).toBeNull();

    await userEvent.type(screen.getByRole('combobox', { name: 'Suburb or postcode' }), 'Parramatta');
    await userEvent.selectOptions(screen.getByLabelText('Distance'), 'Within 10 km');
    await userEvent.type(screen.getByLabelText('Keywords'), 'dementia');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Parramatta&locationType=KM_10&keyword=dementia'));
    await waitFor(() => expect(searches(requests)).toHaveLength(2));
    expect(Object.fromEntries(searches(requests)[1]?.query ?? [])).toEqual({
      location: 'Parramatta',
      locationType: 'KM_10',
      keyword: 'dementia',
      sortType: 'newest',
      start: '0',
      limit: '25',
    });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'NDIS (plan-managed)' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?location=Parramatta&locationType=KM_10&keyword=dementia&availability=sat&payingForCareType=NDIS_PLAN_MANAGED',
      ),
    );
    await waitFor(() => expect(searches(requests).at(-1)?.query.getAll('payingForCareType')).toEqual(['NDIS_PLAN_MANAGED']));
    expect(searches(requests).at(-1)?.query.getAll('availability')).toEqual(['sat']);

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Nearest first');
    await waitFor(() => expect(router.state.location.search).toContain('sortType=nearest'));
    await waitFor(() => expect(searches(requests).at(-1)?.query.get('sortType')).toBe('nearest'));

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Parramatta&locationType=KM_10&keyword=dementia'));
    expect((screen.getByRole('checkbox', { name: 'Saturday' }) as HTMLInputElement).checked).toBe(false);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByRole('combobox', { name: 'Suburb or postcode' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Distance') as HTMLSelectElement).value).toBe('ANY');
  });

  it('opens a shared link with its filters set, and never asks for nearest first or a distance without a place', async () => {
    const { requests } = boardApi({ 'GET /api/jobs/search': () => [200, testJobSummaries(1)] });
    renderApp('/jobs/search?sortType=nearest&locationType=KM_5&skillType=DEMENTIA&skillType=NOT_A_SKILL&availability=mon');
    await waitFor(() => expect(status().textContent).toBe('Showing 1 job'), slow);
    const query = searches(requests)[0]?.query;
    expect(query?.get('sortType')).toBe('newest');
    expect(query?.has('locationType')).toBe(false);
    expect(query?.getAll('skillType')).toEqual(['DEMENTIA']);
    expect(query?.getAll('availability')).toEqual(['mon']);
    expect((screen.getByRole('checkbox', { name: 'Monday' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers the worker jobs near their own suburb, within the distance they travel, nearest first', async () => {
    const { requests } = boardApi({
      'GET /api/jobs/search': () => [200, testJobSummaries(2)],
      'GET /api/carer/worker-me': () => [200, workerProfileAnswer({ carerId: 'worker-me', suburb: 'Penrith', state: 'NSW', travelRadiusKm: 20 })],
    });
    const { router } = renderApp('/find-a-job');
    await userEvent.click(await screen.findByRole('button', { name: 'Jobs near Penrith NSW' }, slow));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Penrith+NSW&locationType=KM_25&sortType=nearest'));
    await waitFor(() => expect(searches(requests).at(-1)?.query.get('sortType')).toBe('nearest'));
    expect(screen.queryByRole('button', { name: 'Jobs near Penrith NSW' })).toBeNull();
  });
});

describe('the job board: results', { timeout: 30_000 }, () => {
  it('shows skeletons until the first page comes, then each job as a card with its facts', async () => {
    const pending = deferredReply();
    boardApi({ 'GET /api/jobs/search': pending.reply });
    renderApp('/find-a-job?location=2204');
    await waitFor(() => expect(status().textContent).toBe('Searching for jobs…'), slow);
    expect(document.querySelectorAll('ul[aria-hidden="true"] > li')).toHaveLength(4);

    const longSummary = `${'Mum loves her garden and her grandchildren. '.repeat(10)}The end of a long story.`;
    pending.resolve([200, [testJobSummary({ distance: 12_345, summary: longSummary, hasApplied: true })]]);
    await waitFor(() => expect(status().textContent).toBe('Showing 1 job'));
    expect(document.querySelector('ul[aria-hidden="true"]')).toBeNull();

    const card = within(screen.getByRole('article', { name: 'Friendly help with shopping and meals for my mum' }));
    expect(card.getByRole('link', { name: 'Friendly help with shopping and meals for my mum' }).getAttribute('href')).toBe('/jobs/job-1');
    expect(card.getByText('Marrickville NSW · 12.35 km away')).toBeTruthy();
    expect(card.getByText('Applied')).toBeTruthy();
    const facts = Object.fromEntries(
      card.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Days: 'Monday and Thursday',
      Hours: 'About 6 hours a week',
      Rate: '$45.00 an hour',
      'Paid by': 'Home Care Package',
    });
    expect(card.getByText(/^Posted on/).textContent).toBe('Posted on 12 March 2025 by Sophie');
    // The summary is cut to 350 characters with an ellipsis (spec section 5).
    const summary = card.getByText(/^Mum loves her garden/).textContent ?? '';
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.length).toBe(351);
    expect(summary).not.toContain('The end of a long story.');
  });

  it('does not shorten a summary of 350 characters, nor show "Applied" for a job not applied for', async () => {
    const exact = 'a'.repeat(350);
    boardApi({ 'GET /api/jobs/search': () => [200, [testJobSummary({ summary: exact, hasApplied: false, hourlyRate: null })]] });
    renderApp('/find-a-job');
    const card = within(await screen.findByRole('article', {}, slow));
    expect(card.getByText(exact)).toBeTruthy();
    expect(card.queryByText('Applied')).toBeNull();
    expect(card.getByText('Open to offers')).toBeTruthy();
  });

  it('loads 25 more at a time, moves focus to the first new job, and flags the end when fewer than 25 come', async () => {
    const { requests } = boardApi({ 'GET /api/jobs/search': (request) => pagedAnswer(testJobSummaries(30))(request.query) });
    renderApp('/find-a-job?keyword=cooking');
    await waitFor(() => expect(status().textContent).toBe('Showing 25 jobs'), slow);
    expect(within(screen.getByRole('list', { name: 'Jobs' })).getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByText(/reached the end/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more jobs' }));
    await waitFor(() => expect(status().textContent).toBe('Showing 30 jobs'));
    expect(searches(requests).map((request) => request.query.get('start'))).toEqual(['0', '25']);
    expect(searches(requests)[1]?.query.get('keyword')).toBe('cooking');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Job number 26: help at home' })));
    expect(screen.queryByRole('button', { name: 'Load more jobs' })).toBeNull();
    expect(screen.getByText('You’ve reached the end of the list: that’s every job that matches.')).toBeTruthy();
  });

  it('flags the end after a full page when the next one comes back empty', async () => {
    boardApi({ 'GET /api/jobs/search': (request) => pagedAnswer(testJobSummaries(25))(request.query) });
    renderApp('/find-a-job');
    await waitFor(() => expect(status().textContent).toBe('Showing 25 jobs'), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Load more jobs' }));
    expect(await screen.findByText(/You’ve reached the end of the list/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more jobs' })).toBeNull();
  });

  it('says plainly when the search fails, without the server’s words, and tries again', async () => {
    let calls = 0;
    boardApi({
      'GET /api/jobs/search': () => {
        calls += 1;
        return calls === 1 ? [500, { message: 'Database unavailable', code: 'INTERNAL' }] : [200, testJobSummaries(2)];
      },
    });
    renderApp('/find-a-job');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(within(alert).getByRole('heading', { name: JOB_SEARCH_FAILED.title })).toBeTruthy();
    expect(within(alert).getByText(JOB_SEARCH_FAILED.message)).toBeTruthy();
    expect(within(alert).queryByText('Database unavailable')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(status().textContent).toBe('Showing 2 jobs'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the API’s message for a place it does not know at the location field', async () => {
    const message = 'We could not find a suburb or postcode called “Atlantis”. Check the spelling, or try a postcode.';
    boardApi({
      'GET /api/jobs/search': (request) =>
        request.query.get('location') === 'Atlantis' ? [400, { message, code: 'VALIDATION', errors: { location: message } }] : [200, []],
    });
    renderApp('/find-a-job?location=Atlantis');
    const field = await screen.findByRole('combobox', { name: 'Suburb or postcode' }, slow);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(status().textContent).toBe(`We could not search: ${message}`);
    await userEvent.click(field);
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('suggests concrete changes when no job matches, with buttons that make them', async () => {
    const { requests } = boardApi({
      'GET /api/jobs/search': (request) => (request.query.get('locationType') === 'KM_25' ? [200, testJobSummaries(4)] : [200, []]),
    });
    const { router } = renderApp('/find-a-job?location=2204&locationType=KM_10&keyword=piano&skillType=DEMENTIA');
    expect(await screen.findByRole('heading', { name: 'No jobs match your search yet' }, slow)).toBeTruthy();
    expect(status().textContent).toBe('No jobs match your search');
    // The profile link shows once the profile editor is built, never as a way to "Page not found".
    const profileLink = screen.queryByRole('link', { name: 'Keep your profile up to date' });
    expect(profileLink?.getAttribute('href') ?? null).toBe(pathIfBuilt('updateWorkerProfile', '/care-worker/update-profile'));
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(
      expect.arrayContaining([
        'Widen the distance to 25 km',
        'Search without “piano”',
        'Show every type of support',
        'Search everywhere, not just 2204',
        'Clear all filters',
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Widen the distance to 25 km' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=2204&locationType=KM_25&keyword=piano&skillType=DEMENTIA'));
    await waitFor(() => expect(status().textContent).toBe('Showing 4 jobs'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Jobs that match' }));
    expect(searches(requests).at(-1)?.query.get('locationType')).toBe('KM_25');
  });
});

describe('the job board: places and totals (issue 11)', { timeout: 30_000 }, () => {
  it('says how many of the total are showing, and all of them when every job is', async () => {
    boardApi({ 'GET /api/jobs/search': (request) => [200, pagedAnswer(testJobSummaries(30))(request.query)[1], { 'X-Total-Count': '30' }] });
    renderApp('/find-a-job');
    await waitFor(() => expect(status().textContent).toBe('Showing 25 of 30 jobs'), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Load more jobs' }));
    await waitFor(() => expect(status().textContent).toBe('Showing all 30 jobs'));
  });

  it('lists every place of an ambiguous name as a button that searches it, once', async () => {
    const places = [
      { suburb: 'Richmond', state: 'NSW', postcode: '2753' },
      { suburb: 'Richmond', state: 'VIC', postcode: '3121' },
    ];
    const message = 'There are 2 places called Richmond. Which one do you mean? Add the state or the postcode, for example "Richmond NSW 2753".';
    const { requests } = boardApi({
      'GET /api/jobs/search': (request) =>
        request.query.get('location') === 'Richmond'
          ? [400, { message, code: 'AMBIGUOUS_PLACE', errors: { location: message }, places }]
          : [200, testJobSummaries(2)],
    });
    const { router } = renderApp('/find-a-job?location=Richmond');
    const choices = await screen.findByRole('list', { name: 'Places called Richmond' }, slow);
    expect(searches(requests)).toHaveLength(1);
    expect(document.body.textContent?.split('Richmond VIC 3121')).toHaveLength(2);
    await userEvent.click(within(choices).getByRole('button', { name: 'Richmond VIC 3121' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Richmond+VIC+3121'));
    await waitFor(() => expect(status().textContent).toBe('Showing 2 jobs'));
  });
});
