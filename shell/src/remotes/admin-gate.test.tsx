import { resetSession, renderWithProviders, setSession } from '@battledeck/shared/testing';
import { screen } from '@testing-library/react';
import { AdminGate } from './admin-gate';
import { loadRemoteApp } from './remote-registry';

jest.mock('./remote-registry', () => ({ loadRemoteApp: jest.fn(), loadedRemoteApp: () => undefined, takeFailedAtStart: () => false }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

describe('AdminGate (decision 5)', () => {
  beforeEach(() => {
    load.mockReset();
    load.mockResolvedValue({ default: () => <h1>Admin remote</h1> });
  });
  afterEach(resetSession);

  it('tells a regular user they are not an administrator and never requests the admin bundle', () => {
    setSession({ signedInAs: 'regular' });
    renderWithProviders(<AdminGate />);
    expect(screen.getByText('You must be an administrator to access this.')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('tells a visitor the same', () => {
    setSession();
    renderWithProviders(<AdminGate />);
    expect(screen.getByText('You must be an administrator to access this.')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for the session before deciding', () => {
    setSession({ loading: true });
    renderWithProviders(<AdminGate />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it.each([['admin', { isAdmin: true }], ['moderator', { isModerator: true }]])('loads the admin remote for a %s', async (_role, flags) => {
    setSession({ signedInAs: 'staff', ...flags });
    renderWithProviders(<AdminGate />);
    expect(await screen.findByRole('heading', { name: 'Admin remote' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_admin');
  });
});
