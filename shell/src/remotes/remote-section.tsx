import type { RemoteAppProps, RemoteName } from '@battledeck/shared/remote';
import { PageSkeleton } from '@battledeck/shared/ui';
import { Component, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLoadedRemote } from './preloaded-remotes';
import { loadRemoteApp, takeFailedAtStart } from './remote-registry';
import styles from './remote-section.module.css';

type SectionState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; App: ComponentType<RemoteAppProps> };

/** Shown in a section whose remote could not be loaded or crashed; the rest of the site keeps working. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="page">
      <div className={styles.panel} role="alert">
        <h2>This section could not be loaded</h2>
        <p>Something went wrong while loading this part of Battledeck. Check your connection and try again.</p>
        <button type="button" className={styles.retry} onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

/** Catches a remote that fails while rendering, so only its section shows the fallback. */
class RemoteErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A remote section crashed:', error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteFallback
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/** Loads a remote when its route is visited and renders its App at `basePath`. */
export function RemoteSection({ name, basePath }: { name: RemoteName; basePath: string }) {
  const [attempt, setAttempt] = useState(0);
  // A remote already here renders at once: the server's render and the browser's hydration of it agree.
  const loaded = useLoadedRemote(name);
  // The page's first load already failed and waited out its limit (bootstrap): the fallback at once.
  const [state, setState] = useState<SectionState>(() =>
    loaded ? { status: 'ready', App: loaded.default } : takeFailedAtStart(name) ? { status: 'error' } : { status: 'loading' },
  );

  useEffect(() => {
    if (attempt === 0 && state.status !== 'loading') return;
    let active = true;
    setState({ status: 'loading' });
    loadRemoteApp(name).then(
      (module) => active && setState({ status: 'ready', App: module.default }),
      (error: unknown) => {
        console.warn(`Could not load ${name}:`, error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
    // The first state only decides the first render; later it is this effect's own result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  const skeleton = (
    <div className="page">
      <PageSkeleton />
    </div>
  );
  if (state.status === 'loading') return skeleton;
  if (state.status === 'error') return <RemoteFallback onRetry={retry} />;
  const { App } = state;
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={skeleton}>
        <App basePath={basePath} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
