import type * as DiceBearCore from '@dicebear/core';
import type * as DiceBearStyles from '@dicebear/collection';
import { weakEtagOf } from '../../platform/http/etag';
import { compactSvg } from './compact-svg';
import { loadOnce } from '../../platform/load-once';

export interface Avatar {
  svg: string;
  etag: string;
}

/**
 * Demo and placeholder avatars are drawn here, from a seed, with DiceBear's Notionists style
 * (CC0), so nothing is fetched from the internet. Rendering is deterministic, so the result is
 * cached: a bounded map keeps memory flat.
 */
const CACHE_LIMIT = 2_000;
const cache = new Map<string, Avatar>();

type DiceBear = [typeof DiceBearCore, typeof DiceBearStyles];
/**
 * DiceBear and its styles load on the first avatar a process draws rather than at start: about
 * 22 MB resident (issue 33), and most avatars are answered from this cache or the browser's.
 */
const loadDiceBear: () => Promise<DiceBear> = loadOnce(() => Promise.all([import('@dicebear/core'), import('@dicebear/collection')]));

async function drawAvatar(seed: string): Promise<Avatar> {
  const [{ createAvatar }, { notionists }] = await loadDiceBear();
  // No clip mask: an SVG shown as an image is cut to its viewBox anyway.
  const drawn = createAvatar(notionists, { seed, clip: false, backgroundColor: ['d1e7e4', 'e3e0f3', 'f6e3cf', 'dbe9f6', 'f3dfe5'] });
  const svg = compactSvg(drawn.toString());
  return { svg, etag: weakEtagOf(svg) };
}

export async function renderAvatar(seed: string): Promise<Avatar> {
  const cached = cache.get(seed);
  if (cached) return cached;
  const avatar = await drawAvatar(seed);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(seed, avatar);
  return avatar;
}
