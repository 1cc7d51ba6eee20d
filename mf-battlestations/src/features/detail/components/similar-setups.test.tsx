import { mockFetch, resetSession, setSession } from '@battledeck/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { card, detail } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import DetailPage from './detail-page';

const renderDetail = () => renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route: '/battlestations/7' });

beforeEach(() => setSession());
afterEach(() => resetSession());

describe('Similar setups', () => {
  it('lists the similar stations as cards under a heading, each a link to its page with lazy photos', async () => {
    mockFetch({
      '/api/battlestations/id/7': detail(),
      '/api/battlestations/id/7/similar': [card(21, { name: 'Twin Desk' }), card(22), card(23), card(24)],
    });
    const { navigation } = renderDetail();
    const section = await screen.findByRole('region', { name: 'Similar setups' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Similar setups' })).toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Similar setups' });
    expect(list.querySelectorAll(':scope > li')).toHaveLength(4);
    const link = within(list).getByRole('link', { name: 'Twin Desk' });
    expect(link).toHaveAttribute('href', '/battlestations/21');
    for (const img of section.querySelectorAll('img')) expect(img).toHaveAttribute('loading', 'lazy');
    await userEvent.click(link);
    expect(navigation.location.pathname).toBe('/battlestations/21');
  });

  it('says so when the list cannot be loaded, and keeps the rest of the page', async () => {
    mockFetch({ '/api/battlestations/id/7': detail(), '/api/battlestations/id/7/similar': new Response('{"message":"x"}', { status: 500 }) });
    renderDetail();
    expect(await screen.findByText('Sorry, we were unable to load similar setups. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Night Owl' })).toBeInTheDocument();
  });

  it('says so when there is no other public station', async () => {
    mockFetch({ '/api/battlestations/id/7': detail(), '/api/battlestations/id/7/similar': [] });
    renderDetail();
    expect(await screen.findByText('No other public battlestations yet.')).toBeInTheDocument();
  });
});
