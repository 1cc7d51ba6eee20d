import { createQueryClient } from '@battledeck/shared/api';
import { resetSession, setSession } from '@battledeck/shared/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { detail } from '../../../testing/fixtures';
import { StationHeader } from './station-header';

afterEach(() => {
  jest.useRealTimers();
  resetSession();
});

it('hydrates the server\'s markup without a mismatch when a minute passed between the render and the hydration', async () => {
  const rendered = new Date('2026-12-07T12:00:00.000Z');
  const station = detail({ created_date: new Date(rendered.getTime() - 5 * 60_000 - 30_000).toISOString() });
  const page = () => (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <StationHeader station={station} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  setSession();
  jest.useFakeTimers({ now: rendered, doNotFake: ['queueMicrotask', 'setImmediate', 'setTimeout', 'setInterval', 'nextTick'] });
  const html = renderToString(page());
  // The browser hydrates later: the scripts start after the page has loaded.
  jest.setSystemTime(new Date(rendered.getTime() + 60_000));
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(root, page(), { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  // Hydrated, it says how long ago.
  expect(root.querySelector('time')?.textContent).toMatch(/minutes ago/);
  root.remove();
});
