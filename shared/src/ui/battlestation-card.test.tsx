import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { BattlestationCard as Card } from '../contract/battlestations';
import { BattlestationCard, STATION_CARD_SIZES } from './battlestation-card';

/** Issue 17: a card's photo is the width copy that fits its slot; only the page's largest paint is urgent. */

const station = (overrides: Partial<Card> = {}): Card => ({
  battlestation_id: 7,
  name: 'Walnut desk',
  username: 'maker',
  created_date: '2025-03-04T05:06:07.000Z',
  image_count: 2,
  part_count: 3,
  thumbnail: 'a1.jpg',
  thumbnail_size: { width: 1000, height: 750, widths: [320, 480, 640, 960] },
  favorites: 1,
  is_public: 1,
  ...overrides,
});

const photo = (card: Card, props: { lcp?: boolean } = {}) => {
  const { container } = render(
    <MemoryRouter>
      <BattlestationCard station={card} {...props} />
    </MemoryRouter>,
  );
  return container.querySelector('img')!;
};

it('offers the width copies the photo has with the sizes of the card grid, at its real proportions', () => {
  const img = photo(station());
  expect(img.getAttribute('srcset')).toBe(
    '/images/battlestations/a1_w320.webp 320w, /images/battlestations/a1_w480.webp 480w, /images/battlestations/a1_w640.webp 640w, ' +
      '/images/battlestations/a1_w960.webp 960w, /images/battlestations/a1.jpg 1000w',
  );
  expect(img.getAttribute('sizes')).toBe(STATION_CARD_SIZES);
  expect(img).toHaveAttribute('src', '/images/battlestations/a1_thumb.jpg');
  expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1000', '750']);
});

it('sizes the slot as the grid lays it out: one column on a phone, at most 293 px on a wide screen', () => {
  expect(STATION_CARD_SIZES.startsWith('(min-width: 1280px) 293px,')).toBe(true);
  expect(STATION_CARD_SIZES.endsWith(', calc(100vw - 32px)')).toBe(true);
});

it('is lazy unless it is the largest paint, which is eager and high priority', () => {
  expect([photo(station()).getAttribute('loading'), photo(station()).getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  const lcp = photo(station(), { lcp: true });
  expect([lcp.getAttribute('loading'), lcp.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
});

it('keeps the thumbnail alone, 640 × 480, for an answer without the photo size', () => {
  const img = photo(station({ thumbnail_size: undefined }));
  expect(img).not.toHaveAttribute('srcset');
  expect(img).toHaveAttribute('src', '/images/battlestations/a1_thumb.jpg');
  expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '480']);
});

it('shows the placeholder without a photo', () => {
  render(
    <MemoryRouter>
      <BattlestationCard station={station({ thumbnail: null, thumbnail_size: null })} />
    </MemoryRouter>,
  );
  expect(screen.getByText('Image not found')).toBeInTheDocument();
});

it("links the station from its photo and name, and the member's page from 'by: username' (no nested links)", () => {
  const { container } = render(
    <MemoryRouter>
      <BattlestationCard station={station({ username: 'desk maker/1' })} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Walnut desk' })).toHaveAttribute('href', '/battlestations/7');
  expect(screen.getByRole('link', { name: 'desk maker/1' })).toHaveAttribute('href', '/users/desk%20maker%2F1');
  expect(screen.getByText('desk maker/1').closest('p')).toHaveTextContent('by: desk maker/1');
  expect(container.querySelector('a a')).toBeNull();
});
