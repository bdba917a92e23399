import { Anchor, Group, SimpleGrid, Title, VisuallyHidden } from '@mantine/core';
import { useSiteConfig } from '../../platform/site-config';
import { HomeSection, SectionLoading } from './home-section';
import { SocialPostTile } from './social-post-tile';
import { instagramProfileUrl, socialProfiles } from './social-profiles';
import { useSocialFeed } from './use-social-feed';
import classes from './community-section.module.css';

/** Spec section 4, word for word. */
export const FEED_LOADING_TEXT = 'Getting Instagram feed...';

/**
 * Section 10 of spec 2.9: the latest social media posts and links to the brand's profiles. When the
 * feed fails or is empty the six built-in posts take its place without a word (spec section 8).
 */
export function CommunitySection() {
  const site = useSiteConfig();
  const { status, posts } = useSocialFeed(instagramProfileUrl(site.brandName));
  const isLoading = status === 'initial' || status === 'loading';
  return (
    <HomeSection
      title="Join our community"
      intro="Stories, tips and good news from the people who give and receive support through the marketplace."
    >
      <SectionLoading isLoading={isLoading} text={FEED_LOADING_TEXT} />
      {!isLoading && (
        <SimpleGrid
          cols={{ base: 2, sm: 3, md: 6 }}
          spacing="sm"
          mt="lg"
          component="ul"
          aria-label={`Latest posts from ${site.brandName}`}
          className={classes.grid}
        >
          {posts.map((post) => (
            <SocialPostTile key={post.id} post={post} brandName={site.brandName} />
          ))}
        </SimpleGrid>
      )}
      <Title order={3} size="h4" mt="xl">
        Follow {site.brandName}
      </Title>
      <Group component="ul" gap="md" mt="sm" className={classes.socialLinks}>
        {socialProfiles(site.brandName).map((profile) => (
          <li key={profile.network}>
            <Anchor href={profile.url} target="_blank" rel="noopener noreferrer" fw={600}>
              {profile.label}
              <VisuallyHidden>
                {' '}
                ({site.brandName} on {profile.label}, opens in a new tab)
              </VisuallyHidden>
            </Anchor>
          </li>
        ))}
      </Group>
    </HomeSection>
  );
}
