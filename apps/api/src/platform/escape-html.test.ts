import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes every character that could break out of an attribute or element', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe('&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;');
  });

  it('escapes an ampersand once, so an entity already in the text shows as typed', () => {
    expect(escapeHtml('&lt; is less-than')).toBe('&amp;lt; is less-than');
  });
});
