import type { SiteConfig } from '@tendly/domain/site-config';

const TEXT_PLACEHOLDER = /\{(brand|supportEmail|supportPhone)\}/g;

/**
 * Fills the text placeholders (`{brand}`, `{supportEmail}`, `{supportPhone}`) from the site
 * configuration. A module of its own so that a screen which only fills a title (the learning
 * hub's list) does not download the Markdown renderer (issue 32, item 3).
 */
export function fillTextPlaceholders(text: string, site: SiteConfig): string {
  return text.replace(TEXT_PLACEHOLDER, (_, name: string) => {
    if (name === 'brand') return site.brandName;
    if (name === 'supportEmail') return site.supportEmail;
    return site.supportPhone;
  });
}
