import { installTraversalGuards } from '@battledeck/shared/remote';
import { act, render, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useNavigationBlocker } from './use-navigation-blocker';

let where = '';
function Where() {
  where = useLocation().pathname;
  return null;
}

const always = () => true;

/** A form page that holds every move away and, like a quick hand, answers Leave as soon as the dialog shows. */
function QuickLeave() {
  const { blocked, proceed } = useNavigationBlocker(always);
  useLayoutEffect(() => {
    if (blocked) proceed();
  }, [blocked, proceed]);
  return <p>{blocked ? 'asking' : 'form'}</p>;
}

describe('useNavigationBlocker', () => {
  it('goes where the back button went when Leave comes before the undo of that move has landed (history.go is asynchronous)', async () => {
    installTraversalGuards();
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Where />
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/form" element={<QuickLeave />} />
        </Routes>
      </BrowserRouter>,
    );
    // The form's entry as the router writes it (with its index), and the router following it.
    await act(async () => {
      window.history.pushState({ usr: null, key: 'form', idx: 1 }, '', '/form');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await waitFor(() => expect(where).toBe('/form'));
    const seen: string[] = [];
    window.addEventListener('popstate', () => seen.push(window.location.pathname), true);
    // Back, then a wait for history's moves, inside act so that React renders as the browser would.
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    // The move back, its undo, then the replay that Leave asked for, once the undo had landed.
    expect(seen).toEqual(['/', '/form', '/']);
    expect([where, window.location.pathname]).toEqual(['/', '/']);
  });
});
