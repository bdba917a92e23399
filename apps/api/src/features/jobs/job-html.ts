import sanitizeHtml from 'sanitize-html';
import { htmlToPlainText } from '@tendly/domain/api/jobs';

/**
 * A job's description arrives as HTML from the wizard's rich-text editor, and is shown to anyone
 * who opens the job: it is cleaned here, on the server, before it is stored, whatever the client
 * did. Only basic formatting survives: paragraphs, line breaks, bold, italics, lists, two levels
 * of heading and links to web pages or email addresses. Everything else (scripts, styles, event
 * handlers, frames, images, SVG, forms) goes, and so does any link that is not http, https or
 * mailto (javascript:, data:, vbscript:, protocol-relative). Links open with
 * rel="noopener noreferrer nofollow": the page they open cannot reach back, learns nothing of
 * where it was linked from, and gains no search ranking from a job post.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is code or markup, never words of the description.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title'],
  transformTags: {
    // Editors and pasted text often say <b> and <i>; keep their meaning in the tags we allow.
    b: 'strong',
    i: 'em',
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
    div: 'p',
    // A link to anything but a web page or an email address loses its address here, and its
    // tag below (sanitize-html closes a renamed tag with the wrong name, so it is not renamed).
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href && isSafeHref(attribs.href) ? { href: attribs.href.trim() } : {}), rel: LINK_REL },
    }),
  },
};

const LINK_REL = 'noopener noreferrer nofollow';
/** A link left without an address, exactly as sanitize-html writes it. */
const addresslessLink = new RegExp(`<a rel="${LINK_REL}">([\\s\\S]*?)</a>`, 'g');

/**
 * An absolute http, https or mailto address, by an allow-list of how it starts: anything else
 * (javascript:, data:, "java\tscript:", which browsers read as javascript:, a relative or
 * protocol-relative address) is not. Entities are already decoded by then.
 */
function isSafeHref(href: string): boolean {
  return /^(https?:\/\/[^/\s]|mailto:[^\s])/i.test(href.trim());
}

export interface CleanDescription {
  /** Safe to put in a page as HTML. */
  html: string;
  /** The words of it, for lists, alerts and keyword search. */
  text: string;
}

export function sanitiseJobDescription(html: string): CleanDescription {
  const clean = sanitizeHtml(html, options).replace(addresslessLink, '$1').trim();
  return { html: clean, text: htmlToPlainText(clean) };
}
