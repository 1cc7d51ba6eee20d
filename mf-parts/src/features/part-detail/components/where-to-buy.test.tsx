import { render, screen, within } from '@testing-library/react';
import { partDetail } from '../../../testing/fixtures';
import { WhereToBuy } from './where-to-buy';

const PART = partDetail({
  manufacturer_url: null,
  stores: [
    { store_id: 1, store_name: 'Amazon', url: 'https://www.amazon.com/dp/ryzen', link_broken: true },
    { store_id: 2, store_name: 'Newegg', url: 'https://www.newegg.com/ryzen' },
  ],
});

describe('WhereToBuy and store-link health', () => {
  it("keeps a broken link but marks it 'Link may be broken' in words, tied to the link", () => {
    render(<WhereToBuy part={PART} />);
    const buy = screen.getByRole('region', { name: 'Where to Buy' });
    const amazon = within(buy).getByRole('link', { name: 'Amazon (opens in a new tab)' });
    expect(amazon).toHaveAttribute('href', 'https://www.amazon.com/dp/ryzen');
    expect(amazon).toHaveAccessibleDescription('Link may be broken');
    expect(amazon.closest('li')).toHaveTextContent('Link may be broken');

    const newegg = within(buy).getByRole('link', { name: 'Newegg (opens in a new tab)' });
    expect(newegg).not.toHaveAttribute('aria-describedby');
    expect(newegg.closest('li')).not.toHaveTextContent('Link may be broken');
    expect(within(buy).getAllByText('Link may be broken')).toHaveLength(1);
  });
});
