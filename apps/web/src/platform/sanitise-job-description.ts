import createPurifier, { type DOMPurify } from 'dompurify';
import {
  isSafeJobDescriptionHref,
  JOB_DESCRIPTION_LINK_ATTRIBUTE,
  JOB_DESCRIPTION_LINK_REL,
  JOB_DESCRIPTION_TAGS,
} from '@tendly/domain/job-description-html';

/**
 * The job description's HTML, cleaned a second time in the browser before it is rendered. The
 * server already sanitises it (sanitize-html); this pass is defence in depth, so a fault on one
 * side cannot put script on the page. Both read one policy (`@tendly/domain/job-description-html`):
 * anything outside it goes, keeping its text, and links keep only a web or email address.
 */
let purifier: DOMPurify | null = null;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  // An instance of our own, so its hook touches no other use of DOMPurify.
  const instance = createPurifier(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!isSafeJobDescriptionHref(href)) node.removeAttribute('href');
    node.setAttribute('rel', JOB_DESCRIPTION_LINK_REL);
  });
  purifier = instance;
  return instance;
}

export function sanitiseJobDescription(html: string): string {
  return getPurifier().sanitize(html, { ALLOWED_TAGS: [...JOB_DESCRIPTION_TAGS], ALLOWED_ATTR: [JOB_DESCRIPTION_LINK_ATTRIBUTE], ALLOW_DATA_ATTR: false });
}
