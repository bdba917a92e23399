import { randomInt } from 'node:crypto';
import { FORM_REFERENCE_ALPHABET, FORM_REFERENCE_LENGTH, formReferencePrefixes } from '@tendly/domain/api/forms';
import type { FormKind } from '@tendly/domain/validation/forms';

/**
 * A new reference number for a form: the kind's prefix and 6 crypto-random characters from an
 * alphabet without look-alikes (FB-7K3Q9M). 26^6 is about 300 million, so a collision is rare;
 * the repository retries when one happens.
 */
export function newFormReference(kind: FormKind): string {
  let suffix = '';
  for (let i = 0; i < FORM_REFERENCE_LENGTH; i += 1) {
    suffix += FORM_REFERENCE_ALPHABET[randomInt(FORM_REFERENCE_ALPHABET.length)];
  }
  return `${formReferencePrefixes[kind]}-${suffix}`;
}
