import type sanitizeHtml from 'sanitize-html';
import { htmlToPlainText } from '@tendly/domain/api/jobs';
import {
  isSafeJobDescriptionHref,
  JOB_DESCRIPTION_LINK_ATTRIBUTE,
  JOB_DESCRIPTION_LINK_REL,
  JOB_DESCRIPTION_TAG_RENAMES,
  JOB_DESCRIPTION_TAGS,
} from '@tendly/domain/job-description-html';
import { loadOnce } from '../../platform/load-once';

/**
 * A job's description arrives as HTML from the wizard's rich-text editor, and is shown to anyone
 * who opens the job: it is cleaned here, on the server, before it is stored, whatever the client
 * did, by the policy the browser's second pass also reads (`@tendly/domain/job-description-html`).
 * Everything else (scripts, styles, event handlers, frames, images, SVG, forms) goes, and so does
 * any link that is not http, https or mailto (javascript:, data:, vbscript:, protocol-relative).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...JOB_DESCRIPTION_TAGS],
  allowedAttributes: { a: [JOB_DESCRIPTION_LINK_ATTRIBUTE, 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is code or markup, never words of the description.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title'],
  transformTags: {
    ...JOB_DESCRIPTION_TAG_RENAMES,
    // A link to anything but a web page or an email address loses its address here, and its
    // tag below (sanitize-html closes a renamed tag with the wrong name, so it is not renamed).
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href && isSafeJobDescriptionHref(attribs.href) ? { href: attribs.href.trim() } : {}), rel: JOB_DESCRIPTION_LINK_REL },
    }),
  },
};

/** A link left without an address, exactly as sanitize-html writes it. */
const addresslessLink = new RegExp(`<a rel="${JOB_DESCRIPTION_LINK_REL}">([\\s\\S]*?)</a>`, 'g');

export interface CleanDescription {
  /** Safe to put in a page as HTML. */
  html: string;
  /** The words of it, for lists, alerts and keyword search. */
  text: string;
}

/**
 * sanitize-html (and the HTML parser under it) loads with the first description cleaned rather
 * than at start: about 16 MB resident on its own (issue 33), for posting or editing a job.
 */
const loadSanitizer: () => Promise<typeof sanitizeHtml> = loadOnce(async () => (await import('sanitize-html')).default);

export async function sanitiseJobDescription(html: string): Promise<CleanDescription> {
  const sanitizeHtml = await loadSanitizer();
  const clean = sanitizeHtml(html, options).replace(addresslessLink, '$1').trim();
  return { html: clean, text: htmlToPlainText(clean) };
}
