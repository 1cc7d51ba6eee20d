import type { PartSummary } from '@battledeck/shared/contract';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PartImage, PART_IMAGE_SIZES } from '../../part-detail/components/part-image';
import { PART_CARD_SIZES, PartCard } from './part-card';

/** Issue 17: part pictures offer the width copies they really have, for the slot they show in. */

const part = (overrides: Partial<PartSummary> = {}): PartSummary => ({
  part_id: 3,
  name: 'Ryzen 7',
  type_id: 1,
  type_name: 'CPU',
  type_path: 'cpu',
  manufacturer: 'AMD',
  image: 'p3.jpg',
  image_size: { width: 800, height: 800, widths: [320, 480, 640] },
  battlestation_count: 2,
  ...overrides,
});

const cardImage = (summary: PartSummary) =>
  render(
    <MemoryRouter>
      <PartCard part={summary} />
    </MemoryRouter>,
  ).container.querySelector('img')!;

it('gives a card the width copies the image has, the catalogue grid sizes and its real proportions', () => {
  const img = cardImage(part());
  expect(img.getAttribute('srcset')).toBe('/images/parts/p3_w320.webp 320w, /images/parts/p3_w480.webp 480w, /images/parts/p3_w640.webp 640w, /images/parts/p3.jpg 800w');
  expect(img.getAttribute('sizes')).toBe(PART_CARD_SIZES);
  expect(img).toHaveAttribute('src', '/images/parts/p3_thumb.jpg');
  expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual(['800', '800', 'lazy']);
});

it('claims no width the image lacks: an answer without its size shows the thumbnail alone', () => {
  const img = cardImage(part({ image_size: null }));
  expect(img).not.toHaveAttribute('srcset');
  expect(img).not.toHaveAttribute('sizes');
  expect(img).toHaveAttribute('src', '/images/parts/p3_thumb.jpg');
});

it("gives the part page's picture its copies, a 420 px slot (less on a phone) and high priority", () => {
  const img = render(<PartImage image="p4.png" name="RTX" size={{ width: 500, height: 400, widths: [320, 480] }} />).container.querySelector('img')!;
  expect(img.getAttribute('srcset')).toBe('/images/parts/p4_w320.webp 320w, /images/parts/p4_w480.webp 480w, /images/parts/p4.png 500w');
  expect(img.getAttribute('sizes')).toBe(PART_IMAGE_SIZES);
  expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('fetchpriority')]).toEqual(['500', '400', 'high']);
});
