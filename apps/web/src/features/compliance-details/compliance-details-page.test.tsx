import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { complianceSectionRules, type ComplianceOverviewItem } from '@tendly/domain/compliance-details';
import { SYDNEY_MIDNIGHT } from '@tendly/domain/testing/sydney-midnight';
import { renderApp } from '../../app/test-app';
import { testContract } from '../../app/test-contracts';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => Promise.all([import('./compliance-details-page'), import('../contracts/contract-page')]));

afterEach(() => {
  vi.restoreAllMocks();
});

const slow = { timeout: 10_000 };

function seekerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CS'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], ...routes });
}

function overviewItems(): ComplianceOverviewItem[] {
  return complianceSectionRules.map((rule) => ({
    key: rule.key,
    label: rule.label,
    description: rule.description,
    complete: rule.key === 'supportPlan' || rule.key === 'serviceAgreement',
    required: true,
    reviewDueOn: rule.key === 'supportPlan' ? '2026-12-01' : rule.key === 'serviceAgreement' ? '2027-06-01' : null,
    dueForReview: rule.key === 'supportPlan',
    // Saved just after midnight in Sydney: still the day before in UTC.
    updatedAt: rule.key === 'supportPlan' || rule.key === 'serviceAgreement' ? SYDNEY_MIDNIGHT.justAfter.at.toISOString() : null,
    version: rule.key === 'supportPlan' ? 2 : rule.key === 'serviceAgreement' ? 1 : null,
    workerReadable: rule.workerReadable,
  }));
}

const emptySection = (key: string) => ({ key, version: null, updatedAt: null, updatedByName: null, data: null, required: true, reviewDueOn: null, dueForReview: false, readOnly: false });

describe('/compliance-details', { timeout: 30_000 }, () => {
  it('shows each section as a card with whether it is complete, required and due for review', async () => {
    seekerApi({ 'GET /api/compliance-details': () => [200, { fundingTypes: ['NDIS_AGENCY_MANAGED'], sections: overviewItems() }] });
    renderApp('/compliance-details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Compliance details' }, slow)).toBeTruthy();
    expect(await screen.findByText('8 required records are not filled in yet. 1 is due for review.', undefined, slow)).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Compliance sections' })).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const plan = within(cards.find((card) => card.textContent?.includes('Support plan'))!);
    expect(plan.getByText('Complete')).toBeTruthy();
    expect(plan.getByText('Required')).toBeTruthy();
    expect(plan.getByText(/Review due/)).toBeTruthy();
    expect(plan.getByText('Last updated Mon 7 Dec 2026 (version 2)')).toBeTruthy();
    expect(plan.getByRole('link', { name: 'Support plan' }).getAttribute('href')).toBe('/compliance-details/supportPlan');
    const seek = within(cards.find((card) => card.textContent?.includes('Consent to share information'))!);
    expect(seek.getByText('Not filled in')).toBeTruthy();
  });

  it('says so when the overview cannot load, and tries again', async () => {
    let fail = true;
    seekerApi({ 'GET /api/compliance-details': () => (fail ? [500, { message: 'Boom', code: 'INTERNAL' }] : [200, { fundingTypes: [], sections: overviewItems().map((item) => ({ ...item, required: false })) }]) });
    renderApp('/compliance-details');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your compliance details just now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Every required record is filled in./, undefined, slow)).toBeTruthy();
  });
});

describe('/compliance-details/{section}', { timeout: 30_000 }, () => {
  it('checks the support plan form, ties errors to fields, saves a new version and shows the history', async () => {
    const api = seekerApi({
      'GET /api/compliance-details/supportPlan': () => [200, emptySection('supportPlan')],
      'PUT /api/compliance-details/supportPlan': (request) => [200, { ...emptySection('supportPlan'), version: 1, updatedAt: SYDNEY_MIDNIGHT.justAfter.at.toISOString(), updatedByName: 'Helen Citizen', data: request.body, reviewDueOn: '2027-11-27' }],
      'GET /api/compliance-details/supportPlan/history': () => [200, { key: 'supportPlan', versions: [{ version: 1, savedAt: SYDNEY_MIDNIGHT.justAfter.at.toISOString(), savedByName: 'Helen Citizen', data: { participantName: 'Margaret Smith', goals: ['Cook'] } }] }],
      'GET /api/compliance-details': () => [200, { fundingTypes: [], sections: overviewItems() }],
    });
    renderApp('/compliance-details/supportPlan');
    const form = within(await screen.findByRole('form', { name: 'Support plan' }, slow));
    fireEvent.click(form.getByRole('button', { name: 'Save support plan' }));
    expect(await form.findByText('Enter the participant’s full name')).toBeTruthy();
    expect(form.getByText('Add at least one line to goals')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText(/Participant’s full name/));
    expect(form.getByLabelText(/Participant’s full name/).getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(form.getByLabelText(/Participant’s full name/), { target: { value: 'Margaret Smith' } });
    fireEvent.change(form.getByLabelText(/^Goals/), { target: { value: 'Cook twice a week\n\nWalk to the shops' } });
    fireEvent.change(form.getByLabelText(/Daily routine/), { target: { value: 'Breakfast at 8' } });
    fireEvent.change(form.getByLabelText(/How the participant communicates/), { target: { value: 'Speaks clearly' } });
    const behaviour = within(form.getByRole('radiogroup', { name: /Has a behaviour support plan/ }));
    fireEvent.click(behaviour.getByLabelText('No'));
    const restrictive = within(form.getByRole('radiogroup', { name: /Restrictive practices/ }));
    fireEvent.click(restrictive.getByLabelText('No'));
    fireEvent.click(form.getByRole('button', { name: 'Save support plan' }));
    expect(await screen.findByText('Saved as a new version.', undefined, slow)).toBeTruthy();
    const body = api.requests.find((request) => request.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ participantName: 'Margaret Smith', goals: ['Cook twice a week', 'Walk to the shops'], behaviourSupportPlan: false, restrictivePractices: false });
    expect(await screen.findByText(/Version 1, saved Mon 7 Dec 2026 by Helen Citizen\./, undefined, slow)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier versions' }));
    expect(await screen.findByText('Version 1, saved Mon 7 Dec 2026 by Helen Citizen', undefined, slow)).toBeTruthy();
  });

  it('adds a check-in and downloads the section as a PDF', async () => {
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) names.push(this.download);
    });
    const entry = { checkInNumber: 1, checkInYear: 2026, heldOn: '2026-03-01', heldBy: 'Cora', howSupportsAreGoing: 'Well', goalsProgress: '', concerns: '', actions: '' };
    const api = seekerApi({
      'GET /api/compliance-details/checkIns': () => [200, { ...emptySection('checkIns'), version: 1, updatedAt: '2026-03-01T01:00:00.000Z', data: { entries: [entry] } }],
      'POST /api/compliance-details/checkIns/entries': (request) => [200, { ...emptySection('checkIns'), version: 2, updatedAt: '2026-06-01T01:00:00.000Z', data: { entries: [entry, request.body] } }],
      'GET /api/compliance-details/checkIns/pdf': () => [200, 'pdf', { 'content-disposition': 'attachment; filename="check-ins.pdf"' }],
      'GET /api/compliance-details': () => [200, { fundingTypes: [], sections: overviewItems() }],
    });
    renderApp('/compliance-details/checkIns');
    const form = within(await screen.findByRole('form', { name: 'Add or update a check-in' }, slow));
    expect(screen.getByText('Cora')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/Check-in number/), { target: { value: '13' } });
    fireEvent.click(form.getByRole('button', { name: 'Save check-in' }));
    expect(await form.findByText('Check-in number must be from 1 to 12')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/Check-in number/), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText(/^Year/), { target: { value: '2026' } });
    fireEvent.change(form.getByLabelText(/Date held/), { target: { value: '2026-06-01' } });
    fireEvent.change(form.getByLabelText(/Held by/), { target: { value: 'Sam' } });
    fireEvent.change(form.getByLabelText(/How supports are going/), { target: { value: 'Better' } });
    fireEvent.click(form.getByRole('button', { name: 'Save check-in' }));
    expect(await screen.findByText('The check-in has been saved.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({ checkInNumber: 2, checkInYear: 2026, heldBy: 'Sam' });
    await waitFor(() => expect(screen.getByText('Better')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Check-ins has been downloaded as check-ins.pdf.', undefined, slow)).toBeTruthy();
    expect(names).toEqual(['check-ins.pdf']);
  });

  it('says when a section does not exist', async () => {
    seekerApi({});
    renderApp('/compliance-details/taxReturn');
    expect(await screen.findByText('There is no such compliance section.', undefined, slow)).toBeTruthy();
  });
});

describe('a worker reading their client’s care information on the agreement page', { timeout: 30_000 }, () => {
  it('lists the readable sections of an ACTIVE agreement, opens one read only, and downloads it', async () => {
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) names.push(this.download);
    });
    const contract = testContract({ status: 'ACTIVE', signedName: 'Wren Walker', signedAt: '2026-11-25T02:00:00.000Z' });
    const readable = overviewItems().filter((item) => item.workerReadable);
    setSignedInUser(testUser('CR', { id: contract.worker.id, profileStatus: 'ACTIVE' }));
    mockApi({
      'GET /api/me': () => [200, meAnswer('CR', { id: contract.worker.id })],
      [`GET /api/contracts/${contract.id}`]: () => [200, contract],
      [`GET /api/contracts/${contract.id}/compliance-details`]: () => [200, { clientName: 'Helen Nguyen', sections: readable }],
      [`GET /api/contracts/${contract.id}/compliance-details/supportPlan`]: () => [
        200,
        { ...emptySection('supportPlan'), version: 2, readOnly: true, updatedAt: '2025-12-01T01:00:00.000Z', data: { participantName: 'Helen Nguyen', goals: ['Cook twice a week'], behaviourSupportPlan: false } },
      ],
      [`GET /api/contracts/${contract.id}/compliance-details/supportPlan/pdf`]: () => [200, 'pdf', { 'content-disposition': 'attachment; filename="support-plan.pdf"' }],
    });
    renderApp(`/contracts/${contract.id}`);
    const panel = within(await screen.findByRole('region', { name: 'Care information' }, slow));
    expect(panel.getByText('Emergency and disaster plan: not filled in yet.')).toBeTruthy();
    const summary = panel.getByText(/^Support plan, updated/);
    fireEvent.click(summary);
    const details = summary.closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await panel.findByText('Cook twice a week', undefined, slow)).toBeTruthy();
    expect(panel.queryByRole('textbox')).toBeNull();
    fireEvent.click(panel.getByRole('button', { name: 'Download support plan (PDF)' }));
    expect(await screen.findByText('Support plan has been downloaded as support-plan.pdf.', undefined, slow)).toBeTruthy();
    expect(names).toEqual(['support-plan.pdf']);
  });
});
