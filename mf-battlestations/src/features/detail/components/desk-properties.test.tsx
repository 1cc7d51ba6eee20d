import { render, screen, within } from '@testing-library/react';
import { detail } from '../../../testing/fixtures';
import { DeskProperties } from './desk-properties';

describe('DeskProperties', () => {
  it('shows the monitors, the main uses and each palette colour as a swatch named by its family and hex code', () => {
    render(<DeskProperties station={detail({ monitor_count: 2, main_uses: ['gaming', 'streaming'], palette: ['#1e3cc8', '#f0f0f0', '#0a0a0a'] })} />);
    const section = screen.getByRole('region', { name: 'Desk' });
    expect(within(section).getByText('2')).toBeInTheDocument();
    expect(within(section).getByText('Gaming, Streaming')).toBeInTheDocument();
    const swatches = within(screen.getByRole('list', { name: 'Palette colours' })).getAllByRole('listitem');
    expect(swatches.map((swatch) => swatch.textContent)).toEqual(['Blue#1e3cc8', 'White#f0f0f0', 'Black#0a0a0a']);
  });

  it('says when no use is given and there are no colours yet', () => {
    render(<DeskProperties station={detail({ monitor_count: 0, main_uses: [], palette: [] })} />);
    expect(screen.getByText('Not given')).toBeInTheDocument();
    expect(screen.getByText('No colours yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Palette colours' })).not.toBeInTheDocument();
  });
});
