/**
 * Text made safe to put between HTML tags or inside a quoted attribute: the five characters HTML
 * gives meaning to, as entities. The server pages' head and every email are built with it.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
