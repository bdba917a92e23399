import { describe, expect, it } from 'vitest';
import {
  canApplyForJobs,
  canCloseJob,
  canEditJob,
  canInviteToJob,
  canManageApplicants,
  canSeeJobGoal,
  canSeePrivateJobFields,
  isTakingApplications,
} from './job-policies';

const ownerId = '11111111-1111-4111-8111-111111111111';
const otherId = '22222222-2222-4222-8222-222222222222';
const job = { ownerId, isGoalVisible: true };

const ownerRules = [canEditJob, canCloseJob, canSeePrivateJobFields, canManageApplicants, canInviteToJob];

describe('job policies', () => {
  it('let the owning care seeker (or a coordinator acting as them) edit, close, see private fields, manage applicants and invite', () => {
    for (const rule of ownerRules) expect(rule({ userId: ownerId, role: 'CS' }, job), rule.name).toBe(true);
  });

  it('refuse another care seeker, anyone not signed in, and a non care seeker with the same id', () => {
    for (const rule of ownerRules) {
      expect(rule({ userId: otherId, role: 'CS' }, job), rule.name).toBe(false);
      expect(rule(null, job), rule.name).toBe(false);
      for (const role of ['CR', 'SUPPORT', 'ADMIN', 'ENGAGEADMIN'] as const) expect(rule({ userId: ownerId, role }, job), `${rule.name} ${role}`).toBe(false);
    }
  });

  it('show a hidden goal to the owner only, and a visible one to everyone', () => {
    const hidden = { ownerId, isGoalVisible: false };
    expect(canSeeJobGoal({ userId: ownerId, role: 'CS' }, hidden)).toBe(true);
    expect(canSeeJobGoal({ userId: otherId, role: 'CR' }, hidden)).toBe(false);
    expect(canSeeJobGoal(null, hidden)).toBe(false);
    expect(canSeeJobGoal(null, job)).toBe(true);
  });

  it('take applications while a job is open only', () => {
    expect(isTakingApplications({ status: 'OPEN' })).toBe(true);
    expect(isTakingApplications({ status: 'CLOSED' })).toBe(false);
    expect(isTakingApplications({ status: 'FILLED' })).toBe(false);
  });

  it('let only workers with an active profile apply', () => {
    expect(canApplyForJobs({ role: 'CR', workerProfileStatus: 'ACTIVE' })).toBe(true);
    expect(canApplyForJobs({ role: 'CR', workerProfileStatus: 'INACTIVE' })).toBe(false);
    expect(canApplyForJobs({ role: 'CR', workerProfileStatus: null })).toBe(false);
    expect(canApplyForJobs({ role: 'CS', workerProfileStatus: 'ACTIVE' })).toBe(false);
  });
});
