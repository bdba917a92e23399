import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSafeText, safeParam, safeText, UNSAFE_TEXT_MESSAGE } from './safe-text';

describe('isSafeText', () => {
  it('accepts ordinary text in any script, with emoji (a surrogate pair) and accents', () => {
    for (const text of ['', 'Jo Citizen', 'Đặng Thị Ngọc', '李小龙', 'مرحبا', 'Café ☕', 'Mum 👵🏽 loves tea', '👍']) {
      expect(isSafeText(text), text).toBe(true);
      expect(isSafeText(text, 'multi'), text).toBe(true);
    }
  });

  it('refuses NUL and every other C0 control character in a single line, including tab and line breaks', () => {
    for (let code = 0; code < 0x20; code += 1) {
      expect(isSafeText(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(false);
    }
  });

  it('accepts tab, line feed and carriage return in a multi-line text, and no other control character', () => {
    expect(isSafeText('Line one\r\nLine two\n\tindented', 'multi')).toBe(true);
    for (let code = 0; code < 0x20; code += 1) {
      if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
      expect(isSafeText(`a${String.fromCharCode(code)}b`, 'multi'), `U+${code.toString(16)}`).toBe(false);
    }
  });

  it('refuses a lone surrogate wherever it is: a high one alone or at the end, a low one alone or first', () => {
    for (const text of ['\uD800', 'a\uD800', 'a\uD800b', '\uDC00', '\uDC00a', 'a\uDFFF', '\uDBFF\uDBFF\uDC00', '👍'.slice(0, 1), '👍'.slice(1)]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
      expect(isSafeText(text, 'multi'), JSON.stringify(text)).toBe(false);
    }
  });

  it('accepts DEL and the C1 range, which PostgreSQL stores and which are not C0', () => {
    expect(isSafeText('a\u007Fb\u0085c')).toBe(true);
  });
});

describe('safeText and safeParam', () => {
  it('give the field message in a schema', () => {
    const schema = z.object({ name: z.string().trim().check(safeText()), notes: z.string().check(safeText('multi')) });
    const result = schema.safeParse({ name: 'Jo\u0000', notes: 'ok\nok' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: UNSAFE_TEXT_MESSAGE })]);
    expect(schema.safeParse({ name: ' Jo ', notes: 'ok\nok' }).data).toEqual({ name: 'Jo', notes: 'ok\nok' });
  });

  it('let any path parameter through that is safe to store', () => {
    expect(safeParam.safeParse('6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a').success).toBe(true);
    expect(safeParam.safeParse('not-an-id').success).toBe(true);
    expect(safeParam.safeParse('x\u0000').error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
  });
});
