import type { JobStatus } from '@tendly/domain/api/jobs';
import type { Role } from '@tendly/domain/roles';

/**
 * Who may do what to a job (STYLE.md rule 4). The person asking is who the request acts as: a
 * support coordinator acting for a client asks as the client, so a coordinator may do for a
 * client's job whatever the client may. The routes' access rules have already admitted only
 * the right roles; these decide for the one job.
 */
export interface JobViewer {
  readonly userId: string;
  readonly role: Role;
}

export interface JobOwnership {
  readonly ownerId: string;
}

/** The care seeker who posted the job (or the client a coordinator posted it for). */
export function isJobOwner(viewer: JobViewer | null, job: JobOwnership): boolean {
  return viewer !== null && viewer.role === 'CS' && viewer.userId === job.ownerId;
}

/** Changing a job's details (PUT /api/jobs/{jobId}): its owner only. Whether it is still open is the service's 409. */
export function canEditJob(viewer: JobViewer | null, job: JobOwnership): boolean {
  return isJobOwner(viewer, job);
}

/** Closing a job: its owner only. */
export function canCloseJob(viewer: JobViewer | null, job: JobOwnership): boolean {
  return isJobOwner(viewer, job);
}

/** Reopening a closed job, which puts it back on the board: its owner only. */
export function canReopenJob(viewer: JobViewer | null, job: JobOwnership): boolean {
  return isJobOwner(viewer, job);
}

/** The client's name, invoice details, medication details and practitioner: the owner only, never the public. */
export function canSeePrivateJobFields(viewer: JobViewer | null, job: JobOwnership): boolean {
  return isJobOwner(viewer, job);
}

/**
 * Who really posted a job that a support coordinator posted acting for a client: the client (the
 * owner, however they are signed in) and that coordinator, in their own session too. Workers and
 * the public see the client's name only.
 */
export function canSeeActingCoordinator(viewer: JobViewer | null, job: JobOwnership & { readonly postedByUserId: string | null }): boolean {
  if (isJobOwner(viewer, job)) return true;
  return viewer !== null && viewer.role === 'SUPPORT' && job.postedByUserId !== null && viewer.userId === job.postedByUserId;
}

/** The goal, when the owner chose to hide it, is for the owner only. */
export function canSeeJobGoal(viewer: JobViewer | null, job: JobOwnership & { readonly isGoalVisible: boolean }): boolean {
  return job.isGoalVisible || isJobOwner(viewer, job);
}

/** The workers who applied, and shortlisting or declining them: the owner only. */
export function canManageApplicants(viewer: JobViewer | null, job: JobOwnership): boolean {
  return isJobOwner(viewer, job);
}

/** Inviting workers to apply: the owner only. */
export function canInviteToJob(viewer: JobViewer | null, job: JobOwnership): boolean {
  return isJobOwner(viewer, job);
}

/** Jobs take applications and invitations while they are open. */
export function isTakingApplications(job: { readonly status: JobStatus }): boolean {
  return job.status === 'OPEN';
}

/**
 * Applying for a job: a worker whose profile is ACTIVE (an INACTIVE profile, one waiting for
 * approval, may look but not apply: spec section 4).
 */
export function canApplyForJobs(viewer: { readonly role: Role; readonly workerProfileStatus: 'ACTIVE' | 'INACTIVE' | null }): boolean {
  return viewer.role === 'CR' && viewer.workerProfileStatus === 'ACTIVE';
}
