import { REQUIRED, z } from '@battledeck/shared/contract';
import { usePageTitle, type LoginRedirectState } from '@battledeck/shared/ui';
import { fieldAria, FormField } from '@battledeck/shared/widgets';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Result } from 'antd';
import { sendPasswordResetEmail } from 'firebase/auth';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AuthCard, authStyles } from './auth-card';
import { preloadAuthPages } from './auth-pages';
import { resetErrorMessage } from './auth-errors';
import { firebaseAuth } from './firebase';

const resetSchema = z.object({ email: z.string().trim().min(1, { error: REQUIRED }) });
type ResetValues = z.infer<typeof resetSchema>;

/** /login/password-reset: 'Forgot Password?' through the identity provider (decision 23). */
export default function PasswordResetPage() {
  usePageTitle('Forgot Password?');
  useEffect(() => preloadAuthPages('login'), []);
  const reset = useMutation({
    mutationFn: async ({ email }: ResetValues) => {
      await sendPasswordResetEmail(firebaseAuth(), email);
      return email;
    },
  });
  const { control, handleSubmit } = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { email: '' },
  });
  const backState: LoginRedirectState = { referrer: 'passwordReset' };

  if (reset.isSuccess) {
    return (
      <AuthCard title="Forgot Password?">
        <Result
          status="success"
          title="Instruction to reset your password have been sent to:"
          subTitle={<strong>{reset.data}</strong>}
          extra={
            <Link to="/login" state={backState}>
              Back to Login
            </Link>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot Password?">
      <form onSubmit={handleSubmit((values) => reset.mutate(values))} noValidate aria-label="Forgot Password?">
        <Controller
          name="email"
          control={control}
          render={({ field, fieldState }) => (
            <FormField label="Email" htmlFor="reset-email" error={fieldState.error?.message} required>
              <Input {...field} {...fieldAria('reset-email', fieldState.error?.message, true)} type="email" autoComplete="email" size="large" />
            </FormField>
          )}
        />
        {reset.isError && <Alert type="error" title={resetErrorMessage(reset.error)} showIcon role="alert" style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
          Send reset link
        </Button>
      </form>
      <p className={authStyles.footer}>
        Remembered it? <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
