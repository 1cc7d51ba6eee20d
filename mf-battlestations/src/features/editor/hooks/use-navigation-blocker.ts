import { guardTraversal } from '@battledeck/shared/remote';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type To } from 'react-router-dom';

const pathnameOf = (to: To, current: string) => (typeof to === 'string' ? to.split(/[?#]/)[0] : to.pathname) || current;

/** The index the router keeps in each history entry's state (`idx`), to tell how far back/forward went. */
const historyIndex = (state: unknown) => (state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : null);

/**
 * Holds a navigation that leaves this page while `shouldBlock()` says so, until `proceed()` or `stay()`.
 * The shell's router is a plain <BrowserRouter> (a data router and its useBlocker cost every public page
 * about 13 KB gzip, ADR 012 addendum), so this does what useBlocker did: links and navigate() go through
 * the router's navigator, which is wrapped while the page is mounted; a back/forward move is a `popstate`
 * the shell lets this page take before its router sees it (guardTraversal): undone with history.go, and
 * replayed on proceed().
 */
export function useNavigationBlocker(shouldBlock: () => boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const [held, setHeld] = useState<(() => void) | null>(null);
  const here = useRef({ pathname: location.pathname, index: null as number | null });

  useEffect(() => {
    here.current = { pathname: location.pathname, index: historyIndex(window.history.state) };
  }, [location]);

  useEffect(() => {
    const { push, replace } = navigator;
    const guarded =
      (go: typeof push): typeof push =>
      (to, state, options) => {
        if (pathnameOf(to, here.current.pathname) !== here.current.pathname && shouldBlock()) {
          setHeld(() => () => go.call(navigator, to, state, options));
        } else {
          go.call(navigator, to, state, options);
        }
      };
    navigator.push = guarded(push);
    navigator.replace = guarded(replace);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [navigator, shouldBlock]);

  useEffect(() => {
    /** 'undo': the popstate of our own history.go back; 'replay': the one proceed() asked for. */
    let expecting: 'undo' | 'replay' | null = null;
    /** A replay asked for before the undo had landed (history.go is asynchronous): made once it has. */
    let replayAfterUndo: number | null = null;
    const replay = (delta: number) => {
      expecting = 'replay';
      window.history.go(delta);
    };
    return guardTraversal((event) => {
      if (expecting === 'undo') {
        expecting = null;
        if (replayAfterUndo !== null) {
          const delta = replayAfterUndo;
          replayAfterUndo = null;
          replay(delta);
        }
        return true;
      }
      if (expecting === 'replay') {
        expecting = null;
        return false;
      }
      const to = historyIndex(event.state);
      const from = here.current.index;
      if (to === null || from === null || to === from || window.location.pathname === here.current.pathname || !shouldBlock()) return false;
      const delta = to - from;
      expecting = 'undo';
      window.history.go(-delta);
      setHeld(() => () => {
        // Leave clicked quickly on a slow machine: a replay now would be taken for the undo, and the undo's
        // own popstate then for a new move to hold (the dialog again, the page kept).
        if (expecting === 'undo') replayAfterUndo = delta;
        else replay(delta);
      });
      return true;
    });
  }, [shouldBlock]);

  const proceed = useCallback(() => {
    held?.();
    setHeld(null);
  }, [held]);
  const stay = useCallback(() => setHeld(null), []);
  return { blocked: held !== null, proceed, stay };
}
