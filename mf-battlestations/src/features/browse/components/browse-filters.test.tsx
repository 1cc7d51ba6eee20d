import { mockFetch, resetSession, setSession } from '@battledeck/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { card } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import BrowsePage from './browse-page';

const facets = {
  monitorCount: [
    { value: '1', count: 4 },
    { value: '2', count: 3 },
    { value: '3', count: 0 },
    { value: '4+', count: 1 },
  ],
  mainUse: [
    { value: 'gaming', count: 5 },
    { value: 'work', count: 2 },
    { value: 'creative', count: 0 },
    { value: 'streaming', count: 1 },
    { value: 'study', count: 0 },
  ],
  colourFamily: ['black', 'white', 'grey', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'].map((value, i) => ({ value, count: i })),
};

const renderBrowse = (route = '/battlestations') => renderRoute(<BrowsePage />, { path: '/battlestations', route });
/** The URL's query as sorted pairs: the order of the parameters means nothing. */
const query = () => [...new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost').searchParams].sort();

beforeEach(() => setSession());
afterEach(() => resetSession());

describe('Browse Battlestations: desk filters', () => {
  it('offers each filter as a labelled select in the GET form, each choice with its count', async () => {
    mockFetch({ '/api/battlestations': { battlestations: [card(1)], total: 1, facets } });
    renderBrowse();
    const use = screen.getByRole('combobox', { name: 'Main use' });
    expect(use).toHaveAttribute('name', 'mainUse');
    expect(use.closest('form')).toHaveAttribute('method', 'get');
    expect(await screen.findByRole('option', { name: 'Gaming (5)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '4 or more monitors (1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Blue (7)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveAttribute('type', 'submit');
  });

  it('greys out a choice that would give no station, except the one chosen', async () => {
    mockFetch({ '/api/battlestations': { battlestations: [], total: 0, facets } });
    renderBrowse('/battlestations?mainUse=creative');
    expect(await screen.findByRole('option', { name: 'Study (0)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: '3 monitors (0)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Black (0)' })).toBeDisabled();
    // Chosen by the address: it stays, so the select shows it and Any undoes it.
    expect(screen.getByRole('option', { name: 'Creative (0)' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Main use' })).toHaveValue('creative');
    expect(screen.getByRole('option', { name: 'Gaming (5)' })).toBeEnabled();
    expect(screen.getAllByRole('option', { name: 'Any' }).every((option) => !(option as HTMLOptionElement).disabled)).toBe(true);
  });

  it('reads the filters from the URL, asks the API with them, and a new choice goes back to page 1', async () => {
    const fetch = mockFetch({ '/api/battlestations': { battlestations: [card(1)], total: 40, facets } });
    renderBrowse('/battlestations?pageNumber=2&mainUse=gaming&colourFamily=blue&monitorCount=bogus');
    expect(screen.getByRole('combobox', { name: 'Main use' })).toHaveValue('gaming');
    expect(screen.getByRole('combobox', { name: 'Monitors' })).toHaveValue('');
    await screen.findByRole('option', { name: 'Gaming (5)' });
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://localhost');
    expect(url.searchParams.get('mainUse')).toBe('gaming');
    expect(url.searchParams.get('colourFamily')).toBe('blue');
    expect(url.searchParams.has('monitorCount')).toBe(false);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Monitors' }), '2 monitors (3)');
    await waitFor(() => expect(query()).toEqual([['colourFamily', 'blue'], ['mainUse', 'gaming'], ['monitorCount', '2']]));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Main use' }), 'Any');
    await waitFor(() => expect(query()).toEqual([['colourFamily', 'blue'], ['monitorCount', '2']]));
  });
});
