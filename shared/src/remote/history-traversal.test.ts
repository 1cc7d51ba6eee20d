import { guardTraversal, installTraversalGuards } from './history-traversal';

describe('traversal guards', () => {
  // Installed before the "router" listens, as the shell does.
  installTraversalGuards();
  const router = jest.fn();
  window.addEventListener('popstate', router);
  const pop = () => window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));

  beforeEach(() => router.mockClear());

  it('lets a popstate through to the router when no guard takes it', () => {
    const remove = guardTraversal(() => false);
    pop();
    expect(router).toHaveBeenCalledTimes(1);
    remove();
  });

  it('keeps a popstate from the router when a guard takes it, and not once the guard is removed', () => {
    const guard = jest.fn(() => true);
    const remove = guardTraversal(guard);
    pop();
    expect(guard).toHaveBeenCalledTimes(1);
    expect(router).not.toHaveBeenCalled();
    remove();
    pop();
    expect(guard).toHaveBeenCalledTimes(1);
    expect(router).toHaveBeenCalledTimes(1);
  });

  it('installs its listener once', () => {
    installTraversalGuards();
    const guard = jest.fn(() => false);
    const remove = guardTraversal(guard);
    pop();
    expect(guard).toHaveBeenCalledTimes(1);
    remove();
  });
});
