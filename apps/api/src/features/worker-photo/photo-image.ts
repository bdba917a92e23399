import { IMAGE_MAX_PIXELS, PHOTO_MAX_SIDE } from '@tendly/domain/compliance';
import { badRequest } from '../../platform/errors';
import { loadSharp } from '../../platform/files/load-sharp';

/**
 * readUpload has already refused a picture larger than IMAGE_MAX_PIXELS from its header; sharp's
 * own limit stays as a second guard on the decode itself.
 */
const MAX_INPUT_PIXELS = IMAGE_MAX_PIXELS;

export const UNREADABLE_PHOTO = 'We could not read this picture. Please choose another JPEG, PNG or WebP photo.';

/**
 * A profile photo as it is stored: turned upright by its EXIF orientation, cropped to a square
 * around its centre, at most PHOTO_MAX_SIDE pixels a side, as WebP. Sharp writes no metadata
 * unless asked, so EXIF (GPS position, camera, dates), ICC profiles and comments are all gone.
 */
export async function squarePhoto(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const upright = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .toBuffer({ resolveWithObject: true });
    const side = Math.min(PHOTO_MAX_SIDE, upright.info.width, upright.info.height);
    return await sharp(upright.data, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(UNREADABLE_PHOTO, { file: UNREADABLE_PHOTO });
  }
}
