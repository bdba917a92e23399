import { DEFAULT_TIMESHEET_LIMITS, type ShiftNote, type Timesheet } from '@tendly/domain/api/timesheets';
import type { ReportableWork } from '../features/timesheets/timesheets-api';
import { testJobReport } from './test-job-reports';
import { testCareSeekerPerson, testWorkerPerson } from './test-contracts';

/**
 * Test answers of the hours API (packages/domain/src/api/timesheets.ts): what a worker can record
 * hours for, saved drafts and shift notes. The shift is testJobReport's (Sydney, Mon 23 Nov 2026).
 */
export const TEST_SHIFT_ID = '11111111-1111-4111-8111-111111111111';
export const TEST_CONTRACT_ID = '33333333-3333-4333-8333-333333333333';
export const TEST_NDIS_CONTRACT_ID = '66666666-6666-4666-8666-666666666666';

/** GET /api/timesheets/to-report: one shift that has ended, its private agreement and an NDIS-funded one in Victoria. */
export function testReportableWork(overrides: Partial<ReportableWork> = {}): ReportableWork {
  return {
    shifts: [
      {
        id: TEST_SHIFT_ID,
        contractId: TEST_CONTRACT_ID,
        clientName: 'Margaret Smith',
        careSeeker: testCareSeekerPerson(),
        state: 'NSW',
        startLocal: '2026-11-23T09:00',
        endLocal: '2026-11-23T12:30',
      },
    ],
    contracts: [
      {
        id: TEST_CONTRACT_ID,
        clientName: 'Margaret Smith',
        careSeeker: testCareSeekerPerson(),
        state: 'NSW',
        fundingType: 'PRIVATE',
        ndisLineItems: [],
        travelPerKmCents: 95,
      },
      {
        id: TEST_NDIS_CONTRACT_ID,
        clientName: 'Jack Brown',
        careSeeker: { id: '77777777-7777-4777-8777-777777777777', firstName: 'Jack', lastName: 'Brown' },
        state: 'VIC',
        fundingType: 'NDIS_PLAN_MANAGED',
        ndisLineItems: [
          { lineItem: 'SELF_CARE', level: 'ONE', label: 'Assistance with self-care (Standard Level 1)' },
          { lineItem: 'COMMUNITY_ACCESS', level: 'ONE', label: 'Community access (Standard Level 1)' },
        ],
        travelPerKmCents: 99,
      },
    ],
    limits: DEFAULT_TIMESHEET_LIMITS,
    ...overrides,
  };
}

/** Hours saved for later (DRAFT): testJobReport's, not yet submitted. */
export function testDraft(overrides: Partial<Timesheet> = {}): Timesheet {
  return testJobReport({ status: 'DRAFT', submittedAt: null, autoApproveAt: null, canEdit: true, canDecide: false, updatedAt: '2026-11-23T03:00:00.000Z', ...overrides });
}

/** A shift note (shiftNoteSchema): the worker's note on testJobReport's shift. */
export function testShiftNote(overrides: Partial<ShiftNote> = {}): ShiftNote {
  return {
    id: '88888888-8888-4888-8888-888888888888',
    timesheetId: 'a1a1a1a1-1111-4111-8111-111111111111',
    shiftId: TEST_SHIFT_ID,
    worker: testWorkerPerson(),
    careSeeker: testCareSeekerPerson(),
    clientName: 'Margaret Smith',
    startLocal: '2026-11-23T09:00',
    endLocal: '2026-11-23T12:30',
    state: 'NSW',
    body: 'Margaret enjoyed the walk to the shops.',
    createdAt: '2026-11-23T02:00:00.000Z',
    ...overrides,
  };
}
