import { generatePath } from 'react-router';
import { findRoute } from '@tendly/domain/routes';

/** Where a worker's public profile lives (/carer/profile/{carerId}). */
export function workerProfilePath(carerId: string): string {
  return generatePath(findRoute('workerPublicProfile').path, { carerId });
}
