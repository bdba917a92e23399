import { randomUUID } from 'node:crypto';
import { jobSearchQuerySchema, jobSortCodes } from '@tendly/domain/api/jobs';
import { AppError } from '../../platform/errors';
import type { WarmUpStep } from '../../platform/warm-up/warm-up';
import { placesWithOpenJobs } from './job-board-repository';
import { searchJobsWithTotal, type JobBoardContext } from './job-board-service';

const WARM_UP_RADII = ['KM_10', 'KM_25', 'KM_50'] as const;
const WARM_UP_PLACES = 200;

/**
 * Board searches around places with open jobs, in each sort and radius, through the board's
 * service (the board is for signed-in workers, and warming up signs nobody in): as a worker
 * who has applied for nothing, so that only reads run.
 */
export function warmUpJobBoard(board: JobBoardContext): WarmUpStep {
  return async (requests) => {
    const places = await placesWithOpenJobs(board.db, Math.min(requests, WARM_UP_PLACES));
    if (places.length === 0) return;
    const nobody = randomUUID();
    for (let i = 0; i < requests; i += 1) {
      const query = jobSearchQuerySchema.parse({
        location: places[i % places.length],
        locationType: WARM_UP_RADII[i % WARM_UP_RADII.length],
        sortType: jobSortCodes[Math.floor(i / places.length) % jobSortCodes.length],
      });
      try {
        await searchJobsWithTotal(board, nobody, query);
      } catch (error) {
        // A place two localities share is a 400 for a person too; the next place is searched.
        if (!(error instanceof AppError)) throw error;
      }
    }
  };
}
