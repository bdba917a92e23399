/** A phone number as a `tel:` link: "1300 836 359" → "tel:1300836359" (digits and a leading + only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
