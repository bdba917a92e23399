/**
 * The brand's social media profiles. The site configuration does not carry them yet, so they are
 * derived from the brand name ("Tendly" → instagram.com/tendly), which is how the brand's handles
 * are registered. If a handle ever differs, this is the one place to change it.
 */
export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'youtube';

export interface SocialProfile {
  readonly network: SocialNetwork;
  readonly label: string;
  readonly url: string;
}

export function brandHandle(brandName: string): string {
  return brandName.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function socialProfiles(brandName: string): readonly SocialProfile[] {
  const handle = brandHandle(brandName);
  return [
    { network: 'facebook', label: 'Facebook', url: `https://www.facebook.com/${handle}` },
    { network: 'instagram', label: 'Instagram', url: `https://www.instagram.com/${handle}` },
    { network: 'linkedin', label: 'LinkedIn', url: `https://www.linkedin.com/company/${handle}` },
    { network: 'youtube', label: 'YouTube', url: `https://www.youtube.com/@${handle}` },
  ];
}

export function instagramProfileUrl(brandName: string): string {
  return `https://www.instagram.com/${brandHandle(brandName)}`;
}
