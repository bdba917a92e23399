import { describe, expect, it } from 'vitest';
import { socialMediaTypes } from './social';

describe('social media post types', () => {
  it('are the spec values, each once', () => {
    expect(socialMediaTypes).toEqual(['IMAGE', 'CAROUSEL_ALBUM', 'VIDEO']);
    expect(new Set(socialMediaTypes).size).toBe(socialMediaTypes.length);
  });
});
