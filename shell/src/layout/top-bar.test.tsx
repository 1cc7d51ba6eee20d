import { resetSession, renderWithProviders, setSession } from '@battledeck/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopBar } from './top-bar';

describe('TopBar', () => {
  afterEach(resetSession);

  it('offers Login and Register to visitors', () => {
    setSession();
    renderWithProviders(<TopBar />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: /New Build/ })).toHaveAttribute('href', '/battlestations/new');
  });

  it('shows the first letter of the display name and the account menu', async () => {
    const signOut = jest.fn(async () => {});
    setSession({ signedInAs: 'zelda_builds', signOut });
    renderWithProviders(<TopBar />);
    const avatar = screen.getByRole('button', { name: 'Account menu for zelda_builds' });
    expect(avatar).toHaveTextContent('z');
    await userEvent.click(avatar);
    const menu = document.getElementById(avatar.getAttribute('aria-controls')!)!;
    const links = within(menu).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Profile', 'My Battlestations', 'Favorites']);
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalled();
  });

  it('adds the Admin link for moderators', async () => {
    setSession({ signedInAs: 'mod_person', isModerator: true });
    renderWithProviders(<TopBar />);
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('closes a menu with Escape and returns focus to its button', async () => {
    setSession({ signedInAs: 'someone' });
    renderWithProviders(<TopBar />);
    const avatar = screen.getByRole('button', { name: /Account menu/ });
    await userEvent.click(avatar);
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(avatar).toHaveFocus();
  });

  describe('marks the current page in the main nav', () => {
    const viewLink = () => screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/battlestations"]')!;
    const newBuild = () => screen.getByRole('link', { name: /New Build/ });

    it.each(['/battlestations', '/battlestations?pageNumber=2', '/battlestations/42'])('View Battlestations is current on %s', (route) => {
      setSession();
      renderWithProviders(<TopBar />, { route });
      expect(viewLink()).toHaveAttribute('aria-current', 'page');
      expect(newBuild()).not.toHaveAttribute('aria-current');
    });

    it.each(['/battlestations/new', '/battlestations/42/edit', '/battlestations/42/edit/'])('View Battlestations is not current on %s', (route) => {
      setSession();
      renderWithProviders(<TopBar />, { route });
      expect(viewLink()).not.toHaveAttribute('aria-current');
    });

    it('New Build is current on /battlestations/new only', () => {
      setSession();
      renderWithProviders(<TopBar />, { route: '/battlestations/new' });
      expect(newBuild()).toHaveAttribute('aria-current', 'page');
    });
  });
});
