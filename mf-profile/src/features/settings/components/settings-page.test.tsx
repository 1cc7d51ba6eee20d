import type { UserProfile } from '@battledeck/shared/contract';
import { sessionStore } from '@battledeck/shared/session';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../../../app';

const PROFILE: UserProfile = {
  user_id: 'uid-demo_user',
  username: 'demo_user',
  email: 'demo@example.com',
  is_admin: false,
  is_moderator: false,
  created_date: '2026-01-02T03:04:05.000Z',
};
const PROFILE_URL = `/api/users/${PROFILE.user_id}`;

interface Call {
  method: string;
  body: unknown;
}

/** The profile API: GET answers the profile, PUT/DELETE go to the given handlers; every call is recorded. */
function mockProfileApi(handlers: { put?: (body: Record<string, unknown>) => unknown; del?: () => unknown; get?: () => unknown } = {}) {
  const calls: Call[] = [];
  mockFetch({
    [PROFILE_URL]: (_url: URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, body });
      if (method === 'PUT') return handlers.put?.(body) ?? { profile: { ...PROFILE, ...body }, signedOut: false };
      if (method === 'DELETE') return handlers.del?.() ?? new Response(null, { status: 204 });
      return handlers.get?.() ?? PROFILE;
    },
  });
  return calls;
}

const signOut = jest.fn(async () => {
  sessionStore.setState({ user: null });
});

function renderSettings() {
  return renderWithProviders(<App basePath="/profile" />, { route: '/profile/settings', path: '/profile/*' });
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
/** Its name reads 'loading Save' while saving. */
const saveButton = () => screen.getByRole('button', { name: /^(loading )?Save$/ });

async function replaceText(label: string, text: string) {
  await userEvent.clear(field(label));
  if (text) await userEvent.type(field(label), text);
}

beforeEach(() => {
  signOut.mockClear();
  setSession({ user: { uid: PROFILE.user_id, displayName: PROFILE.username, email: PROFILE.email }, getIdToken: async () => 'token', signOut });
});
afterEach(resetSession);

describe('Account settings', () => {
  it('fills the form from the profile and keeps Save disabled until something changes', async () => {
    mockProfileApi();
    renderSettings();
    expect(await screen.findByDisplayValue('demo_user')).toBe(field('Username'));
    expect(field('Email Address')).toHaveValue('demo@example.com');
    expect(field('Password')).toHaveValue('');
    expect(field('Confirm Password')).toHaveValue('');
    expect(field('Username')).toBeRequired();
    expect(field('Password')).not.toBeRequired();
    expect(document.title).toBe('Account Settings | Battledeck');
    const nav = screen.getByRole('navigation', { name: 'Profile' });
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/profile/settings', '/profile/battlestations', '/profile/favorites']);
    expect(saveButton()).toBeDisabled();

    await userEvent.type(field('Username'), '_x');
    expect(saveButton()).toBeEnabled();
    // Back to the stored value: nothing changed, so nothing to save.
    await replaceText('Username', 'demo_user');
    expect(saveButton()).toBeDisabled();
  });

  it('checks the rules when a field loses focus', async () => {
    mockProfileApi();
    renderSettings();
    await screen.findByDisplayValue('demo_user');

    await replaceText('Username', 'abc');
    expect(screen.queryByText('Must be at least 6 characters.')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Must be at least 6 characters.')).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(field('Password'), 'secret-1');
    await userEvent.type(field('Confirm Password'), 'secret-2');
    await userEvent.tab();
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();

    await replaceText('Email Address', 'not-an-email');
    await userEvent.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  });

  it('warns while the e-mail differs from the stored one', async () => {
    mockProfileApi();
    renderSettings();
    await screen.findByDisplayValue('demo_user');
    const warning = 'Changing your email address will cause you to be logged out.';
    expect(screen.queryByText(warning)).not.toBeInTheDocument();

    await replaceText('Email Address', 'new@example.com');
    expect(screen.getByText(warning)).toBeInTheDocument();
    // A change of case only is no change (e-mails are stored in lower case).
    await replaceText('Email Address', 'DEMO@example.com');
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
  });

  it('sends only the changed fields, then shows Profile Saved only while the form is clean', async () => {
    const calls = mockProfileApi();
    const { queryClient } = renderSettings();
    await screen.findByDisplayValue('demo_user');
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    await replaceText('Username', 'new_name_1');
    await userEvent.click(saveButton());

    expect(await screen.findByText('Profile Saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', body: { username: 'new_name_1' } }]);
    expect(field('Username')).toHaveValue('new_name_1');
    expect(saveButton()).toBeDisabled();
    // The top bar's avatar reads the new name; everything showing the username refreshes.
    expect(sessionStore.getState().user?.displayName).toBe('new_name_1');
    for (const key of [['users'], ['battlestations'], ['parts'], ['admin']]) expect(invalidate).toHaveBeenCalledWith({ queryKey: key });

    await userEvent.type(field('Username'), '2');
    expect(screen.queryByText('Profile Saved')).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it('keeps Save disabled while saving', async () => {
    let answer: (value: unknown) => void = () => undefined;
    mockProfileApi({ put: (body) => new Promise((resolve) => (answer = () => resolve({ profile: { ...PROFILE, ...body }, signedOut: false }))) });
    renderSettings();
    await screen.findByDisplayValue('demo_user');

    await replaceText('Username', 'slow_name');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await act(async () => answer(undefined));
    expect(await screen.findByText('Profile Saved')).toBeInTheDocument();
  });

  it("shows the server's refusal next to the field it is about", async () => {
    mockProfileApi({ put: () => new Response(JSON.stringify({ message: 'Username already taken.' }), { status: 409 }) });
    renderSettings();
    await screen.findByDisplayValue('demo_user');

    await replaceText('Username', 'someone_else');
    await userEvent.click(saveButton());

    expect(await screen.findByText('Username already taken.')).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Profile Saved')).not.toBeInTheDocument();
  });

  it('signs out and goes to /login after an e-mail change', async () => {
    const calls = mockProfileApi({ put: (body) => ({ profile: { ...PROFILE, ...body }, signedOut: true }) });
    renderSettings();
    await screen.findByDisplayValue('demo_user');

    await replaceText('Email Address', 'moved@example.com');
    await userEvent.click(saveButton());

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ email: 'moved@example.com' }]);
  });

  it('says when the profile could not be loaded', async () => {
    mockProfileApi({ get: () => new Response(JSON.stringify({ message: 'Something went wrong.' }), { status: 500 }) });
    renderSettings();
    expect(await screen.findByText('Current profile could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('deletes the account after confirmation, then signs out and goes home', async () => {
    const calls = mockProfileApi();
    const { queryClient } = renderWithProviders(<App basePath="/profile" />, { route: '/profile', path: '/profile/*' });
    await screen.findByDisplayValue('demo_user');
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    expect(within(dialog).getByText(/Are you sure you want to delete your account\?/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    // The user's stations and favorites vanish from every list, the featured grid included.
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['battlestations'] }));
    for (const key of [['parts'], ['admin']]) expect(invalidate).toHaveBeenCalledWith({ queryKey: key });
    expect(queryClient.getQueryData(['users', PROFILE.user_id])).toBeUndefined();
  });

  it('keeps the account and says so when deleting fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockProfileApi({ del: () => new Response(JSON.stringify({ message: 'Something went wrong.' }), { status: 500 }) });
    renderSettings();
    await screen.findByDisplayValue('demo_user');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await within(dialog).findByText('Unable to delete your account. Please try again later.')).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/settings');
  });

  it('explains why the only administrator cannot leave', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refusal = 'This is the only administrator account. Make another user an administrator before deleting it.';
    mockProfileApi({ del: () => new Response(JSON.stringify({ message: refusal }), { status: 409 }) });
    renderSettings();
    await screen.findByDisplayValue('demo_user');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByText('Unable to delete your account. Please try again later.')).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });

  describe('recent sign-in (decision 25)', () => {
    const RECENT_SIGN_IN = { message: 'Please sign in again to make this change.' };
    const refuse = () => new Response(JSON.stringify(RECENT_SIGN_IN), { status: 403 });
    /** The API wants a recent sign-in once, then accepts. */
    function onceStale<T>(then: () => T) {
      let first = true;
      return () => {
        if (!first) return then();
        first = false;
        return refuse();
      };
    }
    const reauthenticate = jest.fn(async (password: string) => {
      if (password !== 'current-pass') throw new Error('Incorrect password.');
    });
    beforeEach(() => {
      reauthenticate.mockClear();
      sessionStore.setState({ reauthenticate });
    });

    it('asks for the current password, signs in again and retries the same save', async () => {
      const answer = onceStale(() => ({ profile: PROFILE, signedOut: true }));
      const calls = mockProfileApi({ put: () => answer() });
      renderSettings();
      await screen.findByDisplayValue('demo_user');

      await userEvent.type(field('Password'), 'brand-new-pass');
      await userEvent.type(field('Confirm Password'), 'brand-new-pass');
      await userEvent.click(saveButton());

      const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
      const password = within(dialog).getByLabelText('Current password', { selector: 'input' });
      await waitFor(() => expect(password).toHaveFocus());
      // A wrong password says so in the dialog and retries nothing.
      await userEvent.type(password, 'wrong-pass{Enter}');
      expect(await within(dialog).findByText('Incorrect password.')).toBeInTheDocument();
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

      await userEvent.clear(password);
      await userEvent.type(password, 'current-pass{Enter}');

      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
      expect(reauthenticate).toHaveBeenLastCalledWith('current-pass');
      const body = { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([body, body]);
      expect(signOut).toHaveBeenCalledTimes(1);
    });

    it('keeps the form and says why when the password dialog is cancelled (Escape)', async () => {
      const calls = mockProfileApi({ put: refuse });
      renderSettings();
      await screen.findByDisplayValue('demo_user');

      await replaceText('Email Address', 'moved@example.com');
      await userEvent.click(saveButton());
      const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
      await waitFor(() => expect(within(dialog).getByLabelText('Current password', { selector: 'input' })).toHaveFocus());
      await userEvent.keyboard('{Escape}');

      expect(await screen.findByText(RECENT_SIGN_IN.message)).toBeInTheDocument();
      expect(reauthenticate).not.toHaveBeenCalled();
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
      expect(field('Email Address')).toHaveValue('moved@example.com');
      expect(signOut).not.toHaveBeenCalled();
    });

    it('asks for the password before deleting the account, then deletes it', async () => {
      const answer = onceStale(() => new Response(null, { status: 204 }));
      const calls = mockProfileApi({ del: () => answer() });
      renderSettings();
      await screen.findByDisplayValue('demo_user');

      await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete Account' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Account' }));
      // Under test antd gives every dialog the same label id ('test-id'), so the nested one is found by its text.
      const dialog = (await screen.findByText(/enter your current password to continue/)).closest<HTMLElement>('[role="dialog"]')!;
      await userEvent.type(within(dialog).getByLabelText('Current password', { selector: 'input' }), 'current-pass');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

      await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
      expect(reauthenticate).toHaveBeenCalledWith('current-pass');
      expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });
  });
});
