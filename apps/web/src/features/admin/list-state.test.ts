import { describe, expect, it } from 'vitest';
import { startOf, withStart } from './list-state';

describe('the page of an admin list in the address', () => {
  it('reads start as a whole number, 0 when missing or unreadable', () => {
    expect(startOf(new URLSearchParams('start=50'))).toBe(50);
    expect(startOf(new URLSearchParams(''))).toBe(0);
    expect(startOf(new URLSearchParams('start=-25'))).toBe(0);
    expect(startOf(new URLSearchParams('start=2.5'))).toBe(0);
  });

  it('moves to another page keeping the filters, and drops start for the first page', () => {
    const filtered = new URLSearchParams('status=NEW&start=25');
    expect(withStart(filtered, 50).toString()).toBe('status=NEW&start=50');
    expect(withStart(filtered, 0).toString()).toBe('status=NEW');
    expect(filtered.toString()).toBe('status=NEW&start=25');
  });
});
