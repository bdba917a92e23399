import { VisuallyHidden } from '@mantine/core';
import type { SocialMediaPost } from '@tendly/domain/api/social';
import { truncate } from '@tendly/domain/format';
import classes from './community-section.module.css';

/** Alternative text longer than this is tiring to hear; captions can run to paragraphs. */
const ALT_TEXT_LENGTH = 150;

/** Instagram's media_url for a video is the video file itself, which an <img> cannot show. */
function isVideoFile(url: string): boolean {
  return /\.(mp4|mov|m4v|webm)(\?|#|$)/i.test(url);
}

/** One post of the feed: a link to it on the social network, opening in a new tab. */
export function SocialPostTile({ post, brandName }: { post: SocialMediaPost; brandName: string }) {
  const isVideo = post.media_type === 'VIDEO';
  const caption = post.caption?.trim();
  const description = caption ? truncate(caption, ALT_TEXT_LENGTH) : `A ${isVideo ? 'video' : 'photo'} posted by ${brandName}`;
  return (
    <li>
      <a href={post.permalink} target="_blank" rel="noopener noreferrer" className={classes.tile}>
        {isVideo && <VisuallyHidden>Video: </VisuallyHidden>}
        {isVideo && isVideoFile(post.media_url) ? (
          <span className={classes.videoPlaceholder}>
            <VisuallyHidden>{description}</VisuallyHidden>
          </span>
        ) : (
          <img src={post.media_url} alt={description} width={300} height={300} loading="lazy" className={classes.image} />
        )}
        {isVideo && (
          <span className={classes.playBadge} aria-hidden="true">
            ▶
          </span>
        )}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    </li>
  );
}
