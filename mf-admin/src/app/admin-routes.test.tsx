import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, waitFor, within } from '@testing-library/react';
import { BasePathProvider } from '../lib/base-path';
import { AdminRoutes } from './admin-routes';

function render(route: string) {
  mockFetch({
    '/api/admin/users': { users: [], total: 0 },
    '/api/stores': { stores: [], total: 0 },
    '/api/stores/count': { total: 0 },
    '/api/parts/pending': [],
  });
  return renderWithProviders(
    <AntdProvider>
      <BasePathProvider basePath="/admin">
        <AdminRoutes />
      </BasePathProvider>
    </AntdProvider>,
    { route, path: '/admin/*' },
  );
}

const sections = () => within(screen.getByRole('navigation', { name: 'Admin sections' })).getAllByRole('link').map((a) => a.textContent);

afterEach(() => resetSession());

describe('admin sections by role (decision 5)', () => {
  it('gives admins every section', async () => {
    setSession({ signedInAs: 'root', isAdmin: true, getIdToken: async () => 't' });
    render('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(sections()).toEqual(['Home', 'Battlestations', 'Parts', 'Pending Parts', 'Stores', 'Store Links', 'Users']);
  });

  it.each(['/admin/stores', '/admin/users'])('gives moderators the four staff sections and the message on %s', async (route) => {
    setSession({ signedInAs: 'mod', isModerator: true, getIdToken: async () => 't' });
    render(route);
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be an administrator to access this.');
    expect(sections()).toEqual(['Home', 'Battlestations', 'Parts', 'Pending Parts']);
  });

  it('lets moderators into pending parts', async () => {
    setSession({ signedInAs: 'mod', isModerator: true, getIdToken: async () => 't' });
    render('/admin/pending_parts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pending Parts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pending Parts' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows only the message to anyone else', () => {
    setSession({ signedInAs: 'someone' });
    render('/admin');
    expect(screen.getByRole('alert')).toHaveTextContent('You must be an administrator to access this.');
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
  });

  it('sends an unknown admin path to the admin home', async () => {
    setSession({ signedInAs: 'root', isAdmin: true, getIdToken: async () => 't' });
    render('/admin/nope');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });
});
