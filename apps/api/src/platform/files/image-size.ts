import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_TOO_LARGE, UNREADABLE_IMAGE } from '@tendly/domain/compliance';
import { badRequest } from '../errors';
import { loadSharp } from './load-sharp';

/**
 * Refuses a picture whose header claims more pixels than IMAGE_MAX_PIXELS or a side longer than
 * IMAGE_MAX_SIDE, and one whose header cannot be read. Only the header is read (sharp's metadata
 * decodes no pixels), so a few bytes claiming 60,000 × 60,000 cost nothing to refuse here, and
 * whoever decodes the picture later (our photo resizer, a browser, an administrator's viewer) never
 * meets such a bomb. sharp's own pixel limit is switched off for this read only so that we can tell
 * "too large" from "unreadable".
 */
export async function checkImageSize(bytes: Buffer, field: string, unreadableMessage: string = UNREADABLE_IMAGE): Promise<void> {
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(unreadableMessage, { [field]: unreadableMessage });
  }
  if (!width || !height) throw badRequest(unreadableMessage, { [field]: unreadableMessage });
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw badRequest(IMAGE_TOO_LARGE, { [field]: IMAGE_TOO_LARGE });
  }
}
