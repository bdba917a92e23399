import createPurifier, { type DOMPurify } from 'dompurify';

/**
 * The job description's HTML, cleaned a second time in the browser before it is rendered. The
 * server already sanitises it (sanitize-html); this pass is defence in depth, so a fault on one
 * side cannot put script on the page. An allow-list of the plain formatting a description needs:
 * headings below the page's own, paragraphs, emphasis, lists, quotes and links (http, https and
 * mailto only). Anything else goes, keeping its text; links open as ordinary links that tell the
 * other site nothing.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'];
const ALLOWED_ATTR = ['href'];
const SAFE_URL = /^(?:https?:|mailto:)/i;

let purifier: DOMPurify | null = null;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  // An instance of our own, so its hook touches no other use of DOMPurify.
  const instance = createPurifier(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_URL.test(href.trim())) node.removeAttribute('href');
    else node.setAttribute('rel', 'nofollow noopener noreferrer');
  });
  purifier = instance;
  return instance;
}

export function sanitiseJobDescription(html: string): string {
  return getPurifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
