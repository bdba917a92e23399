import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LearningModuleDetail, LearningModuleSummary, QuizResult } from '@tendly/domain/api/learning';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { markdownToTree } from '@tendly/domain/markdown-to-tree';

setUpPageTests(
  async () => {
    await import('./learning-hub-page');
    await import('./learning-module-page');
  },
  { signedInAs: testUser('CR', { profileStatus: 'INACTIVE' }) },
);

afterEach(() => {
  vi.restoreAllMocks();
});

const slow = { timeout: 10_000 };
const noProgress = { passedAt: null, bestScorePercent: null, attempts: 0 };

function summary(overrides: Partial<LearningModuleSummary> = {}): LearningModuleSummary {
  return {
    code: 'platform-induction',
    title: 'Working on {brand}',
    summary: 'How work flows on {brand}.',
    readingMinutes: 12,
    questionCount: 2,
    isRequired: true,
    progress: noProgress,
    ...overrides,
  };
}

function detail(overrides: Partial<LearningModuleDetail> = {}): LearningModuleDetail {
  return {
    ...summary(),
    attemptsPerDay: 3,
    attemptsLeftToday: 3,
    attemptsResetAt: '2026-12-07T13:00:00.000Z',
    sections: [{ heading: 'You run your own business', content: markdownToTree('On {brand} you work as an **independent contractor**.') }],
    questions: [
      { id: 'q1', prompt: 'What does accepting a contract do?', options: [{ id: 'a', text: 'Nothing' }, { id: 'b', text: 'Signs it' }] },
      { id: 'q2', prompt: 'Who approves hours on {brand}?', options: [{ id: 'a', text: 'The care seeker' }, { id: 'b', text: 'Nobody' }] },
    ],
    ...overrides,
  };
}

function hubApi(routes: ApiRoutes) {
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CR', { profileStatus: 'INACTIVE' })], ...routes });
}

describe('the learning hub', { timeout: 30_000 }, () => {
  it('lists the modules as cards with their status, the induction marked as required; inactive workers may open it', async () => {
    hubApi({
      'GET /api/learning/modules': () => [
        200,
        [
          summary(),
          summary({
            code: 'manual-handling',
            title: 'Manual handling',
            isRequired: false,
            progress: { passedAt: '2026-11-24T14:30:00.000Z', bestScorePercent: 100, attempts: 1 },
          }),
          summary({ code: 'infection-prevention', title: 'Infection prevention and control', isRequired: false, progress: { passedAt: null, bestScorePercent: 60, attempts: 2 } }),
        ],
      ],
    });
    renderApp('/learning-hub');
    const list = within(await screen.findByRole('list', { name: 'Learning hub modules' }, slow));
    const induction = within(list.getByRole('article', { name: 'Working on Tendly' }));
    expect(induction.getByText('Required before your profile is reviewed')).toBeTruthy();
    expect(induction.getByText('Not started')).toBeTruthy();
    expect(induction.getByRole('link', { name: 'Start module: Working on Tendly' }).getAttribute('href')).toBe('/learning-hub/platform-induction');
    const passed = within(list.getByRole('article', { name: 'Manual handling' }));
    expect(passed.getByText('Passed on 25 November 2026')).toBeTruthy();
    expect(passed.queryByText('Required before your profile is reviewed')).toBeNull();
    expect(within(list.getByRole('article', { name: 'Infection prevention and control' })).getByText('Not passed yet. Your best score is 60%.')).toBeTruthy();
  });

  it('shows a module, asks for every answer, sends the quiz by option id and shows the score only, with the attempts left today', async () => {
    const result: QuizResult = {
      scorePercent: 50,
      correctCount: 1,
      questionCount: 2,
      passed: false,
      passPercent: 80,
      progress: { passedAt: null, bestScorePercent: 50, attempts: 1 },
      attemptsPerDay: 3,
      attemptsLeftToday: 2,
      attemptsResetAt: '2026-12-07T13:00:00.000Z',
    };
    // The options come shuffled: the second question's right answer is listed first this time.
    const shuffled = detail({
      questions: [
        { id: 'q1', prompt: 'What does accepting a contract do?', options: [{ id: 'b', text: 'Signs it' }, { id: 'a', text: 'Nothing' }] },
        { id: 'q2', prompt: 'Who approves hours on {brand}?', options: [{ id: 'b', text: 'Nobody' }, { id: 'a', text: 'The care seeker' }] },
      ],
    });
    const api = hubApi({
      'GET /api/learning/modules/platform-induction': () => [200, shuffled],
      'POST /api/learning/modules/platform-induction/quiz': () => [200, result],
    });
    renderApp('/learning-hub/platform-induction');
    expect(await screen.findByRole('heading', { level: 1, name: 'Working on Tendly' }, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'You run your own business' })).toBeTruthy();
    expect(screen.getByText(/you work as an/).textContent).toContain('On Tendly you work as an independent contractor.');
    expect(screen.getByText(/You can try each quiz 3 times a day\./)).toBeTruthy();

    const quiz = within(screen.getByRole('form', { name: 'Quiz: Working on Tendly' }));
    const first = quiz.getByRole('group', { name: 'Question 1: What does accepting a contract do?' });
    const second = quiz.getByRole('group', { name: 'Question 2: Who approves hours on Tendly?' });

    fireEvent.click(within(first).getByRole('radio', { name: 'Signs it' }));
    fireEvent.click(quiz.getByRole('button', { name: 'Submit answers' }));
    const summaryBox = await screen.findByRole('alert');
    expect(within(summaryBox).getByRole('link', { name: 'Choose an answer to question 2.' })).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.click(within(second).getByRole('radio', { name: 'The care seeker' }));
    fireEvent.click(quiz.getByRole('button', { name: 'Submit answers' }));
    const status = await screen.findByRole('status', { name: 'Not passed this time' }, slow);
    expect(status.textContent).toContain('You scored 50% (1 of 2 right). You need 80% to pass.');
    expect(status.textContent).toContain('You have 2 attempts left today.');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      answers: [
        { questionId: 'q1', optionId: 'b' },
        { questionId: 'q2', optionId: 'a' },
      ],
    });
    expect(screen.queryByText(/not right|question 2,? then/i)).toBeNull();
    expect(within(status).queryByRole('button', { name: /Download certificate/ })).toBeNull();

    fireEvent.click(within(status).getByRole('button', { name: 'Try the quiz again' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Not passed this time' })).toBeNull());
    expect((within(first).getByRole('radio', { name: 'Signs it' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says when the worker may try again once today’s attempts are used, and offers no submit', async () => {
    hubApi({ 'GET /api/learning/modules/platform-induction': () => [200, detail({ attemptsLeftToday: 0 })] });
    renderApp('/learning-hub/platform-induction');
    const notice = await screen.findByRole('region', { name: 'No attempts left today' }, slow);
    expect(notice.textContent).toBe('You have used today’s 3 attempts at this quiz. Read the module again, and try again from midnight Sydney time, on 8 December 2026.');
    expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
  });

  it('offers the certificate once passed, and downloads it as a PDF', async () => {
    const passedAt = '2026-11-24T14:30:00.000Z';
    const api = hubApi({
      'GET /api/learning/modules/platform-induction': () => [200, detail({ progress: { passedAt, bestScorePercent: 100, attempts: 1 } })],
      'GET /api/learning/modules/platform-induction/certificate': () => [200, '%PDF-1.3', { 'Content-Type': 'application/pdf' }],
    });
    const createObjectURL = vi.fn(() => 'blob:certificate');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/learning-hub/platform-induction');
    expect(await screen.findByText('Passed on 25 November 2026', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download certificate (PDF): Working on Tendly' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    const request = api.requests.find((sent) => sent.path.endsWith('/certificate'));
    expect(request?.authToken).toBe('token-cr');
  });

  it('says so when a module does not exist', async () => {
    hubApi({});
    renderApp('/learning-hub/basket-weaving');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this module' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the learning hub' }).getAttribute('href')).toBe('/learning-hub');
  });
});
