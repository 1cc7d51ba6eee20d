import { REQUIRED, z } from '@battledeck/shared/contract';
import { useSession } from '@battledeck/shared/session';
import { usePageTitle, type LoginRedirectState } from '@battledeck/shared/ui';
import { fieldAria, FormField } from '@battledeck/shared/widgets';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Input, Result } from 'antd';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard, authStyles } from './auth-card';
import { preloadAuthPages } from './auth-pages';
import { loginErrorMessage } from './auth-errors';
import { firebaseAuth } from './firebase';
import { startSession } from './session-boot';

const loginSchema = z.object({
  email: z.string().trim().min(1, { error: REQUIRED }),
  password: z.string().min(1, { error: REQUIRED }),
});
type LoginValues = z.infer<typeof loginSchema>;

type Status = { state: 'idle' } | { state: 'submitting' } | { state: 'success' } | { state: 'error'; message: string };

/** /login (SPEC "/login", §4-5, §8, decision 14). */
export default function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = (location.state ?? {}) as LoginRedirectState;
  const session = useSession();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const arrivedSignedIn = useRef<boolean | null>(null);
  const { control, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { email: '', password: '' },
  });

  // A visitor who was never signed in here has no session running yet (session-boot): it must see this sign-in.
  useEffect(() => void startSession(), []);
  useEffect(() => preloadAuthPages('register', 'passwordReset'), []);

  // Someone already signed in who opens /login goes home after registering/resetting, else back one step.
  useEffect(() => {
    if (session.loading || arrivedSignedIn.current !== null) return;
    arrivedSignedIn.current = Boolean(session.user);
    if (!session.user) return;
    // Back one step only when that step is a page of this site (react-router numbers its entries).
    const hasPreviousPage = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (redirect.referrer === 'register' || redirect.referrer === 'passwordReset' || !hasPreviousPage) navigate('/', { replace: true });
    else navigate(-1);
  }, [session.loading, session.user, redirect.referrer, navigate]);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setStatus({ state: 'submitting' });
    try {
      await signInWithEmailAndPassword(firebaseAuth(), email, password);
      setStatus({ state: 'success' });
      if (redirect.from) navigate(redirect.from, { replace: true });
    } catch (error) {
      setStatus({ state: 'error', message: loginErrorMessage(error) });
    }
  });

  if (status.state === 'success') {
    return (
      <AuthCard title="Login">
        <Result
          status="success"
          title="Login Successful!"
          extra={
            <Link to={redirect.from ?? '/'} replace>
              Continue
            </Link>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Login">
      <form onSubmit={onSubmit} noValidate aria-label="Login">
        <Controller
          name="email"
          control={control}
          render={({ field, fieldState }) => (
            <FormField label="Email" htmlFor="login-email" error={fieldState.error?.message} required>
              <Input {...field} {...fieldAria('login-email', fieldState.error?.message, true)} type="email" autoComplete="email" size="large" />
            </FormField>
          )}
        />
        <Controller
          name="password"
          control={control}
          render={({ field, fieldState }) => (
            <FormField label="Password" htmlFor="login-password" error={fieldState.error?.message} required>
              <Input.Password {...field} {...fieldAria('login-password', fieldState.error?.message, true)} autoComplete="current-password" size="large" />
            </FormField>
          )}
        />
        {status.state === 'error' && <Alert type="error" title={status.message} showIcon role="alert" style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" size="large" block loading={status.state === 'submitting' || formState.isSubmitting}>
          Login
        </Button>
      </form>
      <p className={authStyles.footer}>
        Don&apos;t have an account? <Link to="/register">Sign up here</Link>
      </p>
      <p className={authStyles.footer}>
        Forgot your password? <Link to="/login/password-reset">Click here</Link>
      </p>
    </AuthCard>
  );
}
