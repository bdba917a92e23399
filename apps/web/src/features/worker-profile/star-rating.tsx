import { formatRating } from './profile-format';
import classes from './worker-profile.module.css';

const STARS = 5;

/**
 * A rating out of five as stars, with the number as its text alternative: the stars are drawn
 * for the eye, the accessible name says "Rated 4.5 out of 5".
 */
export function StarRating({ rating }: { rating: number }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${formatRating(rating)} out of ${STARS}`} className={classes.stars}>
      {Array.from({ length: STARS }, (_, index) => (
        <span key={index} aria-hidden="true" data-filled={index < filled || undefined}>
          {index < filled ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}
