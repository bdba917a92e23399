import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-config';
import main from './main.tsx?raw';

describe('zod configuration', () => {
  it('is jitless, so zod never tries `new Function` under the CSP', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('is the first thing main.tsx imports, before any module builds a schema', () => {
    const imports = main.split('\n').filter((line) => line.startsWith('import '));
    expect(imports[0]).toBe("import './zod-config';");
  });
});
