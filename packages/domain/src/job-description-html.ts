/**
 * What a job description's HTML may hold: one policy, read by the server's sanitiser (sanitize-html,
 * before it is stored) and the browser's second pass (DOMPurify, before it is rendered), so the two
 * can never disagree about what is safe. Only basic formatting: paragraphs, line breaks, bold,
 * italics, lists, two levels of heading below the page's own, and links to web pages or email
 * addresses.
 */
export const JOB_DESCRIPTION_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'h4'] as const;

/** The one attribute kept: a link's address (its rel is always set, never taken from the text). */
export const JOB_DESCRIPTION_LINK_ATTRIBUTE = 'href';

/**
 * How every kept link opens: the page it opens cannot reach back, learns nothing of where it was
 * linked from, and gains no search ranking from a job post.
 */
export const JOB_DESCRIPTION_LINK_REL = 'noopener noreferrer nofollow';

/**
 * Tags that editors and pasted text use for what the policy keeps under another name: bold and
 * italics, headings that would compete with the page's own, and divisions used as paragraphs.
 */
export const JOB_DESCRIPTION_TAG_RENAMES: Readonly<Record<string, (typeof JOB_DESCRIPTION_TAGS)[number]>> = {
  b: 'strong',
  i: 'em',
  h1: 'h3',
  h2: 'h3',
  h5: 'h4',
  h6: 'h4',
  div: 'p',
};

/**
 * An absolute http, https or mailto address, by an allow-list of how it starts: anything else
 * (javascript:, data:, "java\tscript:", which browsers read as javascript:, a relative or
 * protocol-relative address) is not. Entities must already be decoded.
 */
export function isSafeJobDescriptionHref(href: string): boolean {
  return /^(https?:\/\/[^/\s]|mailto:[^\s])/i.test(href.trim());
}
