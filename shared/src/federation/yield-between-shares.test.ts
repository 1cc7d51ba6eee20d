import yieldBetweenShares from './yield-between-shares';

describe('yieldBetweenShares (federation runtime plugin)', () => {
  it('lets a share load only after the main thread has had a turn, and leaves its arguments as they are', async () => {
    const plugin = yieldBetweenShares();
    const order: string[] = [];
    // A task queued before the share is asked for: it must run before the share goes on.
    setTimeout(() => order.push('other task'), 0);
    const args = { pkgName: 'react', shareInfo: { version: '19.3.1' } } as unknown as Parameters<NonNullable<typeof plugin.beforeLoadShare>>[0];
    const result = await plugin.beforeLoadShare!(args);
    order.push('share');
    expect(order).toEqual(['other task', 'share']);
    expect(result).toBe(args);
  });
});
