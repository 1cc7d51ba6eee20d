import { USER_MESSAGES } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders } from '@battledeck/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RegisterPage from './register-page';

async function fillAndSubmit(values: { username: string; email: string; password: string }) {
  await userEvent.type(screen.getByLabelText('Username'), values.username);
  await userEvent.type(screen.getByLabelText('Email'), values.email);
  await userEvent.type(screen.getByLabelText('Password'), values.password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), values.password);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

const passwordError = () => screen.getByLabelText('Password').getAttribute('aria-invalid');

describe('RegisterPage: common passwords (decision 26)', () => {
  it('refuses a common password on the password field without calling the API', async () => {
    const fetch = mockFetch({ '/api/users/': { user_id: 'u1', username: 'gamerdesk' } });
    renderWithProviders(<RegisterPage />);
    await fillAndSubmit({ username: 'gamerdesk', email: 'gamer@example.com', password: 'password1' });
    expect(await screen.findByText(USER_MESSAGES.commonPassword)).toBeInTheDocument();
    expect(passwordError()).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) expect(screen.getByLabelText(label)).toBeRequired();
  });

  it('refuses the username as the password, ignoring case', async () => {
    const fetch = mockFetch({ '/api/users/': { user_id: 'u1', username: 'GamerDesk77' } });
    renderWithProviders(<RegisterPage />);
    await fillAndSubmit({ username: 'GamerDesk77', email: 'gamer@example.com', password: 'gamerdesk77' });
    expect(await screen.findByText(USER_MESSAGES.commonPassword)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("puts the API's common-password refusal on the password field", async () => {
    mockFetch({ '/api/users/': () => new Response(JSON.stringify({ message: USER_MESSAGES.commonPassword }), { status: 400 }) });
    renderWithProviders(<RegisterPage />);
    await fillAndSubmit({ username: 'gamerdesk', email: 'gamer@example.com', password: 'violet-harbour-kettle' });
    expect(await screen.findByText(USER_MESSAGES.commonPassword)).toBeInTheDocument();
    await waitFor(() => expect(passwordError()).toBe('true'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends an uncommon password', async () => {
    const fetch = mockFetch({ '/api/users/': { user_id: 'u1', username: 'gamerdesk' } });
    renderWithProviders(<RegisterPage />);
    await fillAndSubmit({ username: 'gamerdesk', email: 'gamer@example.com', password: 'violet-harbour-kettle' });
    expect(await screen.findByText('Account successfully created!')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
