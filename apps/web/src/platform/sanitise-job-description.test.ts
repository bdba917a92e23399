import { describe, expect, it } from 'vitest';
import { sanitiseJobDescription } from './sanitise-job-description';

/** Script-injection payloads: none may leave a script, an event handler or a script URL behind. */
const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle /></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<p onclick="alert(1)">hi</p>',
  '<iframe src="https://example.com"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="https://evil.example"><input name=x></form>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<object data="javascript:alert(1)"></object>',
  '<details open ontoggle=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('the second pass over a job description', () => {
  it.each(payloads)('leaves nothing that runs: %s', (payload) => {
    const clean = sanitiseJobDescription(`<p>Before</p>${payload}<p>After</p>`);
    expect(clean).not.toMatch(/<script|<img|<svg|<iframe|<object|<form|<style|<math|<details/i);
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    expect(clean).not.toMatch(/javascript:|data:/i);
    expect(clean).not.toMatch(/style=/i);
    // The writer's own words around it survive (an unclosed payload may swallow what follows).
    expect(clean.startsWith('<p>Before</p>')).toBe(true);
  });

  it('keeps the plain formatting a description needs, and makes links tell the other site nothing', () => {
    const html =
      '<h3>About Mum</h3><p>She loves <strong>gardening</strong> and <em>cards</em>.</p><ul><li>Shopping</li></ul>' +
      '<p><a href="https://www.ndis.gov.au/">NDIS</a></p>';
    expect(sanitiseJobDescription(html)).toBe(
      '<h3>About Mum</h3><p>She loves <strong>gardening</strong> and <em>cards</em>.</p><ul><li>Shopping</li></ul>' +
        '<p><a href="https://www.ndis.gov.au/" rel="noopener noreferrer nofollow">NDIS</a></p>',
    );
  });

  it('keeps the text of a heading that would compete with the page’s own', () => {
    expect(sanitiseJobDescription('<h1>Help wanted</h1>')).toBe('Help wanted');
  });
});
