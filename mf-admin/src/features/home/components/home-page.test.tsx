import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import type { AdminStats } from '@battledeck/shared/contract';
import { act, screen } from '@testing-library/react';
import { BasePathProvider } from '../../../lib/base-path';
import HomePage from './home-page';
import { ageText } from './updated-ago';

const stats = (stations: number): AdminStats => ({
  users: 3,
  battlestations: { public: stations, private: 1 },
  parts: 40,
  stores: 5,
  pending_requests: 2,
  uploads_per_day: [{ date: '2026-11-25', count: stations }],
});

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => {
  jest.useRealTimers();
  resetSession();
});

// Issue 16 item 5: with the admin home open, a new station changed nothing until a full reload.
describe('admin home figures', () => {
  it('refresh every 15 seconds while the page is open, and say how old they are', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    setSession({ signedInAs: 'root', isAdmin: true, getIdToken: async () => 't' });
    let stations = 10;
    const fetch = mockFetch({ '/api/admin/stats': () => stats(stations) });
    renderWithProviders(
      <BasePathProvider basePath="/admin">
        <HomePage />
      </BasePathProvider>,
      { route: '/admin', path: '/admin' },
    );
    expect(await screen.findByText('Updated just now')).toBeInTheDocument();
    expect(figure('Battlestations')).toBe('11');

    await act(async () => jest.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Updated 10 seconds ago')).toBeInTheDocument();

    stations = 11;
    await act(async () => jest.advanceTimersByTimeAsync(5_500));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/admin/stats'))).toHaveLength(2);
    expect(figure('Battlestations')).toBe('12');
    expect(screen.getByText('Updated just now')).toBeInTheDocument();
  });
});

describe('ageText', () => {
  it.each([
    [0, 'just now'],
    [4_999, 'just now'],
    [5_000, '5 seconds ago'],
    [59_000, '59 seconds ago'],
    [60_000, '1 minute ago'],
    [180_000, '3 minutes ago'],
  ])('%i ms is %s', (ms, text) => expect(ageText(ms)).toBe(text));
});
