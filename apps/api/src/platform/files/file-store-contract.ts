import { expect, it } from 'vitest';
import type { FileStore } from './file-store';

/** What every file store must do; each implementation's test runs these against a real store. */
export function fileStoreContract(store: () => FileStore): void {
  it('gives back the bytes it was given, byte for byte', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 0x0a, 0x0d]);
    await store().put('contract/one.bin', bytes, 'application/octet-stream');
    expect(await store().get('contract/one.bin')).toEqual(bytes);
  });

  it('replaces a file written again under the same key', async () => {
    await store().put('contract/two.txt', Buffer.from('first'), 'text/plain');
    await store().put('contract/two.txt', Buffer.from('second'), 'text/plain');
    expect((await store().get('contract/two.txt'))?.toString()).toBe('second');
  });

  it('answers null for a key with no file, and deletes quietly', async () => {
    expect(await store().get('contract/missing.bin')).toBeNull();
    await store().put('contract/three.bin', Buffer.from('x'), 'application/octet-stream');
    await store().delete('contract/three.bin');
    await store().delete('contract/three.bin');
    expect(await store().get('contract/three.bin')).toBeNull();
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'A/Upper', 'a//b', '']) {
      await expect(store().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(RangeError);
    }
  });
}
