import { vi } from 'vitest';

/**
 * Saving a download goes through a temporary link; this records the names it saved, in order.
 * It stubs URL and spies on links' click: the test puts them back (vi.unstubAllGlobals, vi.restoreAllMocks).
 */
export function savedFiles(): string[] {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) names.push(this.download);
  });
  return names;
}
