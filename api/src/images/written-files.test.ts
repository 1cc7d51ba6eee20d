import type { Storage } from '../storage/storage';
import { withWrittenFiles } from './written-files';

/** A storage in memory whose writes end when the test says: one fails at once, the others land later. */
function slowStorage() {
  const held = new Set<string>();
  const storage: Storage = {
    driver: 'local',
    async put(key) {
      if (key.includes('_thumb')) throw new Error('SlowDown');
      await new Promise((resolve) => setTimeout(resolve, 50));
      held.add(key);
    },
    async delete(key) {
      held.delete(key);
    },
    async exists(key) {
      return held.has(key);
    },
    async get() {
      return undefined;
    },
    url: (key) => `/images/${key}`,
  };
  return { storage, held };
}

describe('WrittenFiles', () => {
  it('leaves no file when one of side-by-side writes fails while the others are still running', async () => {
    const { storage, held } = slowStorage();
    const log = { error: jest.fn() } as unknown as Parameters<typeof withWrittenFiles>[1];
    await expect(
      withWrittenFiles(storage, log, (files) =>
        Promise.all([files.put('battlestations/a.jpg', Buffer.from('web')), files.put('battlestations/a_thumb.jpg', Buffer.from('thumb')), files.put('battlestations/a_w640.webp', Buffer.from('w'))]),
      ),
    ).rejects.toThrow('SlowDown');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...held]).toEqual([]);
  });
});
