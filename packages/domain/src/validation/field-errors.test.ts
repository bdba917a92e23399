import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  it('keeps the first message per field and joins nested paths with dots', () => {
    const schema = z.object({
      name: z.string().min(3, { error: 'Too short' }).regex(/^[A-Z]/, { error: 'Capital first' }),
      contacts: z.array(z.object({ phone: z.string({ error: 'Phone needed' }) })),
    });
    const result = schema.safeParse({ name: 'ab', contacts: [{ phone: '1' }, {}] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ name: 'Too short', 'contacts.1.phone': 'Phone needed' });
  });

  it('keys an error about the whole value with an empty string', () => {
    const result = z.string({ error: 'Text needed' }).safeParse(3);
    expect(fieldErrors(result.error!)).toEqual({ '': 'Text needed' });
  });
});
