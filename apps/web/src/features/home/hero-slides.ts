import cafeUrl from './artwork/hero-cafe.svg?no-inline';
import cookingUrl from './artwork/hero-cooking.svg?no-inline';
import gardenUrl from './artwork/hero-garden.svg?no-inline';
import shoppingUrl from './artwork/hero-shopping.svg?no-inline';
import teaUrl from './artwork/hero-tea.svg?no-inline';
import walkUrl from './artwork/hero-walk.svg?no-inline';

/** The hero carousel's six client and worker pairs (spec 2.9); `description` is the alt text. */
export interface HeroSlide {
  readonly id: string;
  /** Names the slide: "Slide 2 of 6: At the café". */
  readonly title: string;
  readonly imageUrl: string;
  readonly description: string;
}

export const heroSlides: readonly HeroSlide[] = [
  { id: 'garden', title: 'In the garden', imageUrl: gardenUrl, description: 'An older woman and her support worker watering the flowers in her garden' },
  { id: 'cafe', title: 'At the café', imageUrl: cafeUrl, description: 'A young man in a wheelchair and his support worker having a coffee at a café' },
  { id: 'cooking', title: 'Cooking together', imageUrl: cookingUrl, description: 'A woman and her support worker cooking a meal together in the kitchen' },
  { id: 'walk', title: 'A walk in the park', imageUrl: walkUrl, description: 'A man who is blind walking with his cane beside his support worker in the park' },
  { id: 'shopping', title: 'The weekly shop', imageUrl: shoppingUrl, description: 'An older woman doing her grocery shopping with her support worker' },
  { id: 'tea', title: 'A chat over tea', imageUrl: teaUrl, description: 'An older man and his support worker chatting over a pot of tea' },
];
