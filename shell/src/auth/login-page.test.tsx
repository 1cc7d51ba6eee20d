import { renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@battledeck/shared/api';
import { LocationProbe } from '@battledeck/shared/testing';
import LoginPage from './login-page';
import { startSession } from './session-boot';

jest.mock('./firebase', () => ({ firebaseAuth: () => ({}) }));
jest.mock('firebase/auth', () => ({ signInWithEmailAndPassword: jest.fn() }));
jest.mock('./session-boot', () => ({ startSession: jest.fn() }));
const signIn = signInWithEmailAndPassword as jest.MockedFunction<typeof signInWithEmailAndPassword>;

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    signIn.mockReset();
    setSession();
  });
  afterEach(resetSession);

  it('starts the session, which a visitor never signed in here does not have yet', () => {
    renderWithProviders(<LoginPage />);
    expect(startSession).toHaveBeenCalled();
  });

  it('requires both fields on submit', async () => {
    renderWithProviders(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Field is required.')).toHaveLength(2);
    expect(signIn).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // Screen readers say so before the first try, not only the red star's sighted users.
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('shows the provider error in the spec words', async () => {
    signIn.mockRejectedValue({ code: 'auth/wrong-password' });
    renderWithProviders(<LoginPage />);
    await fillAndSubmit('demo@example.com', 'nope-nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password.');
  });

  it('confirms success with a Continue link home', async () => {
    signIn.mockResolvedValue({} as never);
    renderWithProviders(<LoginPage />);
    await fillAndSubmit('demo@example.com', 'demo-pass-123');
    expect(await screen.findByText('Login Successful!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(signIn).toHaveBeenCalledWith({}, 'demo@example.com', 'demo-pass-123');
  });

  it('returns to the protected page the visitor came from', async () => {
    signIn.mockResolvedValue({} as never);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: '/login', state: { from: '/profile/favorites' } }]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await fillAndSubmit('demo@example.com', 'demo-pass-123');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile/favorites'));
  });

  it('sends someone already signed in home when they arrive from registration', async () => {
    setSession({ signedInAs: 'already_in' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/elsewhere', { pathname: '/login', state: { referrer: 'register' } }]} initialIndex={1}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
