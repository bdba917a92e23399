import { createAvatar } from '@dicebear/core';
import { notionists } from '@dicebear/collection';

/**
 * Demo and placeholder avatars are drawn here, from a seed, with DiceBear's Notionists style
 * (CC0), so nothing is fetched from the internet. Rendering is deterministic, so the result is
 * cached: a bounded map keeps memory flat.
 */
const CACHE_LIMIT = 2_000;
const cache = new Map<string, string>();

export function renderAvatar(seed: string): string {
  const cached = cache.get(seed);
  if (cached) return cached;
  const svg = createAvatar(notionists, { seed, backgroundColor: ['d1e7e4', 'e3e0f3', 'f6e3cf', 'dbe9f6', 'f3dfe5'] }).toString();
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(seed, svg);
  return svg;
}
