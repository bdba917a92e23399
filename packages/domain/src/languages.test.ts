import { describe, expect, it } from 'vitest';
import { languageCodes, languageLabel, languages } from './languages';

describe('languages', () => {
  it('starts with English and has unique codes and labels', () => {
    expect(languages[0]).toEqual({ code: 'en', label: 'English' });
    expect(new Set(languageCodes).size).toBe(languageCodes.length);
    const labels = languages.map((language) => language.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('uses ISO 639-1 or 639-3 codes (two or three lower-case letters)', () => {
    for (const code of languageCodes) expect(code).toMatch(/^[a-z]{2,3}$/);
  });

  it('includes the main community languages, Auslan and Aboriginal languages', () => {
    for (const code of ['zh', 'yue', 'ar', 'vi', 'pa', 'el', 'it', 'asf', 'rop']) {
      expect(languageCodes).toContain(code);
    }
    expect(languageLabel('asf')).toContain('Auslan');
    expect(languageLabel('yue')).toBe('Cantonese');
  });

  it('has a name for every code that the platform knows as a language', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const known = languageCodes.filter((code) => names.of(code) !== undefined);
    // ICU lacks some Aboriginal languages; the rest must be real codes.
    expect(known.length).toBeGreaterThan(languageCodes.length - 10);
  });
});
