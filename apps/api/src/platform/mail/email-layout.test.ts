import { describe, expect, it } from 'vitest';
import { renderEmail, type EmailContent } from './email-layout';

const base: EmailContent = {
  brandName: 'Tendly',
  supportEmail: 'support@tendly.com.au',
  supportPhone: '1300 836 359',
  preheader: 'Your code to confirm your email address.',
  heading: "Let's confirm it's you",
  paragraphs: ['Type this code on the verification screen:', 'The code works for 24 hours.'],
};

describe('renderEmail', () => {
  it('writes an Australian-English HTML email with presentation-only layout tables', () => {
    const { html } = renderEmail(base);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en-AU"/);
    const tables = html.match(/<table[^>]*>/g) ?? [];
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.every((table) => table.includes('role="presentation"'))).toBe(true);
    expect(html).toContain('<h1 ');
    expect(html).toContain('Let&#39;s confirm it&#39;s you</h1>');
    expect(html).toContain('Your code to confirm your email address.');
    expect(html).toContain('href="mailto:support@tendly.com.au"');
    expect(html).not.toMatch(/<style|<script/);
  });

  it('escapes every piece of text', () => {
    const { html } = renderEmail({ ...base, heading: '<b>Hi</b>', paragraphs: ['Tom & "Jerry" <script>alert(1)</script>'] });
    expect(html).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(html).toContain('Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('puts the code after the paragraph that asks for it, in the HTML and the plain text', () => {
    const { html, text } = renderEmail({ ...base, code: '482913', calloutAfter: 1 });
    const order = ['Type this code', '482913', 'The code works'].map((part) => html.indexOf(part));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toBe(
      [
        "Let's confirm it's you",
        '',
        'Type this code on the verification screen:',
        '',
        '482913',
        '',
        'The code works for 24 hours.',
        '',
        '--',
        'Need help? Email support@tendly.com.au or call 1300 836 359.',
        'Tendly',
        '',
      ].join('\n'),
    );
  });

  it('renders an action as a link button, with the address spelled out for when buttons do not work', () => {
    const url = 'https://tendly.com.au/reset-password?token=abc&x=1';
    const { html, text } = renderEmail({ ...base, action: { label: 'Choose a new password', url } });
    expect(html).toContain('href="https://tendly.com.au/reset-password?token=abc&amp;x=1"');
    expect(html).toContain('>Choose a new password</a>');
    expect(html.indexOf('Choose a new password')).toBeGreaterThan(html.indexOf('The code works'));
    expect(text).toContain(`Choose a new password: ${url}`);
  });

  it('refuses a link that is not a web address', () => {
    expect(() => renderEmail({ ...base, action: { label: 'Click', url: 'javascript:alert(1)' } })).toThrow(/javascript:/);
  });

  it('puts the reason for an alert and the link that stops it in the footer', () => {
    const url = 'https://tendly.com.au/carer/unsubscribe/nearbyjobs?token=a.b';
    const { html, text } = renderEmail({ ...base, optOut: { reason: 'You get these because you are a worker.', label: 'Stop these emails', url } });
    expect(html).toContain('You get these because you are a worker. <a href="https://tendly.com.au/carer/unsubscribe/nearbyjobs?token=a.b"');
    expect(html).toContain('>Stop these emails</a></td>');
    expect(text).toContain(`You get these because you are a worker. Stop these emails: ${url}`);
    expect(text.trimEnd().endsWith('Tendly')).toBe(true);
    expect(() => renderEmail({ ...base, optOut: { reason: 'x', label: 'y', url: 'data:text/html,hi' } })).toThrow(/data:/);
  });
});
