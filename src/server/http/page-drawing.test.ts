import { describe, expect, it } from 'vitest';
import { createPageWork } from './page-drawing';

describe('the page queue', () => {
  it('answers the bare page at once when too many wait, and prepares pages again once they are done', async () => {
    let full = 0;
    const pageWork = createPageWork({ concurrency: 1, queueLimit: 1, onFull: () => (full += 1) });
    let finish = () => {};
    const preparing = pageWork(() => new Promise<string>((resolve) => (finish = () => resolve('drawn'))), 'bare');
    const waiting = pageWork(async () => 'drawn', 'bare');
    // Neither of the two above has finished: this one is not queued behind them.
    expect(await pageWork(async () => 'drawn', 'bare')).toBe('bare');
    expect(full).toBe(1);
    finish();
    expect(await Promise.all([preparing, waiting])).toEqual(['drawn', 'drawn']);
    expect(await pageWork(async () => 'drawn', 'bare')).toBe('drawn');
  });

  it('lets a preparation that fails fail, rather than answering the bare page for it', async () => {
    const pageWork = createPageWork();
    await expect(pageWork(() => Promise.reject(new Error('broken')), 'bare')).rejects.toThrow('broken');
  });
});
