import { renderWithProviders } from '@battledeck/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteApp } from './remote-registry';
import { PreloadedRemotesContext } from './preloaded-remotes';
import { RemoteSection } from './remote-section';

jest.mock('./remote-registry', () => ({ loadRemoteApp: jest.fn(), loadedRemoteApp: () => undefined, takeFailedAtStart: (name: string) => mockFailedAtStart.delete(name) }));
const mockFailedAtStart = new Set<string>();
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

function RemoteApp({ basePath }: { basePath: string }) {
  return <h1>Remote mounted at {basePath}</h1>;
}

describe('RemoteSection', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('renders the remote App at its base path', async () => {
    load.mockResolvedValue({ default: RemoteApp });
    renderWithProviders(<RemoteSection name="mf_parts" basePath="/parts" />);
    expect(await screen.findByRole('heading', { name: 'Remote mounted at /parts' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_parts');
  });

  it('shows a retry panel when the remote fails, and recovers on retry', async () => {
    load.mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce({ default: RemoteApp });
    renderWithProviders(<RemoteSection name="mf_parts" basePath="/parts" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This section could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Remote mounted at /parts' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('contains a remote that crashes while rendering', async () => {
    function Broken(): never {
      throw new Error('render failure');
    }
    load.mockResolvedValue({ default: Broken });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<RemoteSection name="mf_admin" basePath="/admin" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This section could not be loaded');
  });
});

describe('RemoteSection with the remote already here (a server-rendered page)', () => {
  it('renders the remote at once, without a skeleton or a second load', () => {
    load.mockReset();
    renderWithProviders(
      <PreloadedRemotesContext.Provider value={{ mf_parts: { default: RemoteApp } }}>
        <RemoteSection name="mf_parts" basePath="/parts" />
      </PreloadedRemotesContext.Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Remote mounted at /parts' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('RemoteSection after the page failed to load its remote (a server-rendered page)', () => {
  it('shows the fallback at once, without waiting out a second load, and recovers on retry', async () => {
    load.mockReset();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    mockFailedAtStart.add('mf_parts');
    load.mockResolvedValue({ default: RemoteApp });
    renderWithProviders(<RemoteSection name="mf_parts" basePath="/parts" />);
    expect(screen.getByRole('alert')).toHaveTextContent('This section could not be loaded');
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Remote mounted at /parts' })).toBeInTheDocument();
  });
});
