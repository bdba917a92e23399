import { escapeHtml } from '../escape-html';

export interface EmailContent {
  brandName: string;
  supportEmail: string;
  supportPhone: string;
  /** The line mail apps show after the subject; not otherwise visible. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** One button, e.g. "Reset your password". */
  action?: { label: string; url: string };
  /** A code to type in, shown large and spaced (e.g. the 6-digit verification code). */
  code?: string;
  /**
   * How many paragraphs come before the code and the button; all of them when absent. A code
   * usually follows the sentence that asks for it ("type this code: ...").
   */
  calloutAfter?: number;
  /**
   * For email a person can stop (alerts): why they get it and the link that stops it, in the
   * footer, e.g. "You get these emails because ..." and "Stop these emails".
   */
  optOut?: { reason: string; label: string; url: string };
}

export interface RenderedEmail {
  html: string;
  text: string;
}

/** Only web links become buttons: a `javascript:` or `data:` URL in an email is never intended. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`renderEmail: refusing a ${parsed.protocol} link`);
  return parsed.toString();
}

// Colours meet WCAG 2.2 AA contrast: #1a1a1a and #4a4a4a on white, white on #0b5d55.
const TEXT_COLOUR = '#1a1a1a';
const MUTED_COLOUR = '#4a4a4a';
const BRAND_COLOUR = '#0b5d55';
const FONT = "font-family: Arial, Helvetica, sans-serif;";

/** Where the footer's opt-out link goes when delivery adds it. */
export const OPT_OUT_MARKER = '<!--opt-out-->';

/** The footer's "why you get this, and the link that stops it", as HTML. */
export function optOutFooterHtml(optOut: { reason: string; label: string; url: string }): string {
  return `<br><br>${escapeHtml(optOut.reason)} <a href="${escapeHtml(safeUrl(optOut.url))}" style="color: ${BRAND_COLOUR};">${escapeHtml(optOut.label)}</a>`;
}

/** The same in the plain-text part. */
export function optOutFooterText(optOut: { reason: string; label: string; url: string }): string {
  return `${optOut.reason} ${optOut.label}: ${safeUrl(optOut.url)}`;
}

/**
 * Every email the product sends, in one simple layout: a heading, paragraphs, optionally a code
 * and a button, and how to reach support. Mail apps ignore <style> sheets unevenly, so styles are
 * inline; layout tables carry role="presentation" so screen readers do not announce them as data
 * tables. Every piece of text is escaped. The plain-text twin says the same for text-only readers.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  const brand = escapeHtml(content.brandName);
  const split = Math.min(Math.max(0, content.calloutAfter ?? content.paragraphs.length), content.paragraphs.length);
  const before = content.paragraphs.slice(0, split);
  const after = content.paragraphs.slice(split);
  const paragraphsHtml = (paragraphs: string[]) =>
    paragraphs
      .map((p) => `<p style="margin: 0 0 16px; ${FONT} font-size: 16px; line-height: 24px; color: ${TEXT_COLOUR};">${escapeHtml(p)}</p>`)
      .join('\n');
  const codeHtml = content.code
    ? `<p style="margin: 8px 0 24px; ${FONT} font-size: 32px; line-height: 40px; font-weight: bold; letter-spacing: 8px; color: ${TEXT_COLOUR};">${escapeHtml(content.code)}</p>`
    : '';
  const actionUrl = content.action ? safeUrl(content.action.url) : undefined;
  const actionHtml =
    content.action && actionUrl
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0 24px;"><tr><td style="border-radius: 6px; background: ${BRAND_COLOUR};">` +
        `<a href="${escapeHtml(actionUrl)}" style="display: inline-block; padding: 12px 24px; ${FONT} font-size: 16px; line-height: 24px; font-weight: bold; color: #ffffff; text-decoration: underline; border-radius: 6px;">${escapeHtml(content.action.label)}</a>` +
        `</td></tr></table>\n<p style="margin: 0 0 16px; ${FONT} font-size: 14px; line-height: 20px; color: ${MUTED_COLOUR};">If the button does not work, copy this link into your browser: <a href="${escapeHtml(actionUrl)}" style="color: ${BRAND_COLOUR}; word-break: break-all;">${escapeHtml(actionUrl)}</a></p>`
      : '';
  // Without its own opt-out, the footer keeps a marker where delivery adds the link that stops
  // the email's topic (issue 17, mail-delivery.ts).
  const optOutHtml = content.optOut ? optOutFooterHtml(content.optOut) : OPT_OUT_MARKER;
  const supportHtml = `Need help? Email <a href="mailto:${escapeHtml(content.supportEmail)}" style="color: ${BRAND_COLOUR};">${escapeHtml(content.supportEmail)}</a> or call ${escapeHtml(content.supportPhone)}.`;

  const html = `<!doctype html>
<html lang="en-AU" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin: 0; padding: 0; background: #f4f4f4;">
<div style="display: none; max-height: 0; overflow: hidden; mso-hide: all;" aria-hidden="true">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background: #f4f4f4;">
<tr><td align="center" style="padding: 24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width: 600px; background: #ffffff; border-radius: 8px;">
<tr><td style="padding: 24px 32px 0; ${FONT} font-size: 20px; line-height: 28px; font-weight: bold; color: ${BRAND_COLOUR};">${brand}</td></tr>
<tr><td style="padding: 16px 32px 8px;">
<h1 style="margin: 0 0 16px; ${FONT} font-size: 24px; line-height: 32px; color: ${TEXT_COLOUR};">${escapeHtml(content.heading)}</h1>
${paragraphsHtml(before)}
${codeHtml}
${actionHtml}
${paragraphsHtml(after)}
</td></tr>
<tr><td style="padding: 16px 32px 24px; border-top: 1px solid #dddddd; ${FONT} font-size: 14px; line-height: 20px; color: ${MUTED_COLOUR};">${supportHtml}${optOutHtml}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const textParts = [content.heading, '', ...before.flatMap((p) => [p, ''])];
  if (content.code) textParts.push(content.code, '');
  if (content.action && actionUrl) textParts.push(`${content.action.label}: ${actionUrl}`, '');
  textParts.push(...after.flatMap((p) => [p, '']));
  textParts.push('--', `Need help? Email ${content.supportEmail} or call ${content.supportPhone}.`);
  if (content.optOut) textParts.push('', optOutFooterText(content.optOut), '');
  textParts.push(content.brandName);
  return { html, text: `${textParts.join('\n')}\n` };
}
