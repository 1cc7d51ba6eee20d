import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { queryKeys } from '../api/query-keys';
import { mockFetch, renderWithProviders, resetSession, setSession } from '../testing';
import { AntdProvider } from './antd-provider';
import { SubmitPartDialog } from './submit-part-dialog';

function Harness({ initialName }: { initialName?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <AntdProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SubmitPartDialog open={open} onClose={() => setOpen(false)} initialName={initialName} />
    </AntdProvider>
  );
}

const nameField = () => screen.getByLabelText(/Part name/);
const urlField = () => screen.getByLabelText(/Link to the part/);
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

describe('SubmitPartDialog', () => {
  beforeEach(() => setSession({ signedInAs: 'builder', getIdToken: async () => 'id-token' }));
  afterEach(resetSession);

  it('requires both fields on submit, then checks them again on blur', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<Harness />);
    // Focus moves into the dialog's first field.
    await waitFor(() => expect(nameField()).toHaveFocus());
    await userEvent.click(submitButton());
    expect(await screen.findAllByText('Field is required.')).toHaveLength(2);
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription('Field is required.');

    await userEvent.type(nameField(), 'Stream Deck');
    await userEvent.tab();
    await waitFor(() => expect(screen.getAllByText('Field is required.')).toHaveLength(1));
    await userEvent.type(urlField(), 'not a link');
    await userEvent.tab();
    expect(await screen.findByText('Enter a valid part URL starting with http:// or https://.')).toBeInTheDocument();
    // Only the 'Did you mean …?' lookup went out: nothing was submitted.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => !url.startsWith('/api/parts/similar'))).toEqual([]);
  });

  it('sends partName and partUrl as multipart with the token, shows a spinner, then the thanks', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({ '/api/parts/request': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { queryClient } = renderWithProviders(<Harness initialName="Elgato Stream Deck" />);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    expect(nameField()).toHaveValue('Elgato Stream Deck');
    await userEvent.type(urlField(), 'https://www.elgato.com/stream-deck');
    await userEvent.click(submitButton());

    const submitted = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/parts/request');
    await waitFor(() => expect(submitted()).toHaveLength(1));
    const [url, init] = submitted()[0] as [string, RequestInit];
    expect(url).toBe('/api/parts/request');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token');
    const form = init.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({ partName: 'Elgato Stream Deck', partUrl: 'https://www.elgato.com/stream-deck' });
    // The request is held open, so the spinner stays; it may show a tick after the call went out
    // (the mutation's observer notifies in a later task).
    expect(await screen.findByText('Sending…')).toBeInTheDocument();

    await act(async () => answer(new Response(JSON.stringify({ part_id: 1 }), { status: 201 })));
    // The thanks replaces the form (and its 'Did you mean …?' status).
    const status = (await screen.findByText('Thank You!')).closest<HTMLElement>('[role="status"]')!;
    expect(within(status).getByText('Thank You!')).toBeInTheDocument();
    expect(within(status).getByText('We appreciate your help in improving Battledeck.')).toBeInTheDocument();
    expect(within(status).getByText('Your part is pending approval and should be added soon.')).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: 'Close' })).toHaveFocus();
    // The thanks' Close is the dialog's only one: no corner × of the same name beside it.
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.parts.pending() });

    // Closing resets it: opening again shows an empty form.
    await userEvent.click(within(status).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByLabelText(/Link to the part/)).toHaveValue('');
    expect(screen.queryByText('Thank You!')).not.toBeInTheDocument();
  });

  it("shows the server's message when the request is refused", async () => {
    mockFetch({
      '/api/parts/request': () => new Response(JSON.stringify({ message: 'Too many requests. Please try again later.' }), { status: 429 }),
    });
    renderWithProviders(<Harness initialName="Shure SM7B" />);
    await userEvent.type(urlField(), 'https://www.shure.com/sm7b');
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(nameField()).toHaveValue('Shure SM7B');
  });
});
