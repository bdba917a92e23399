import type Sharp from 'sharp';
import { loadOnce } from '../load-once';

/**
 * sharp (libvips) loads with the first picture a process reads rather than at start: about 27 MB
 * resident on its own (issue 33), for uploads, which few requests are. A failed load is tried
 * again by the next picture.
 */
export const loadSharp: () => Promise<typeof Sharp> = loadOnce(async () => (await import('sharp')).default);
