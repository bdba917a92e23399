import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) loads with the first picture a process reads rather than at start: about 27 MB
 * resident on its own (issue 33), for uploads, which few requests are. A failed load is tried
 * again by the next picture.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(
    (loaded) => loaded.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
