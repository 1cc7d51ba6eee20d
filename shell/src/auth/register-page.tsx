import { apiRequest, errorMessage } from '@battledeck/shared/api';
import { registerFormSchema, USER_MESSAGES, type RegisterBody, type RegisterResponse } from '@battledeck/shared/contract';
import { usePageTitle, type LoginRedirectState } from '@battledeck/shared/ui';
import { fieldAria, FormField } from '@battledeck/shared/widgets';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Result } from 'antd';
import { useEffect } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AuthCard, authStyles } from './auth-card';
import { preloadAuthPages } from './auth-pages';

/** POST /users/: creates the identity and the profile. */
function registerUser(body: RegisterBody): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/users/', { method: 'POST', json: body });
}

const FIELDS: { name: Path<RegisterBody>; label: string; type: 'text' | 'email' | 'password'; autoComplete: string }[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

/** /register: 'Create an Account' (SPEC "/register", §5, decision 13). */
export default function RegisterPage() {
  usePageTitle('Register');
  useEffect(() => preloadAuthPages('login'), []);
  const { control, handleSubmit, setError } = useForm<RegisterBody>({
    // The contract's rules plus the common-password list (decision 26), loaded when a password is checked.
    resolver: zodResolver(registerFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const register = useMutation({ mutationFn: registerUser });
  const submit = (values: RegisterBody) =>
    register.mutate(values, {
      onError: (error) => {
        // The API's own common-password refusal belongs to the password field, like the form's.
        if (errorMessage(error) === USER_MESSAGES.commonPassword) setError('password', { message: USER_MESSAGES.commonPassword }, { shouldFocus: true });
      },
    });

  if (register.isSuccess) {
    const state: LoginRedirectState = { referrer: 'register' };
    return (
      <AuthCard title="Create an Account">
        <Result
          status="success"
          title="Account successfully created!"
          extra={
            <Link to="/login" state={state}>
              Continue to Login
            </Link>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create an Account">
      <form onSubmit={handleSubmit(submit)} noValidate aria-label="Create an Account">
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field, fieldState }) => {
              const id = `register-${name}`;
              const props = { ...field, ...fieldAria(id, fieldState.error?.message, true), autoComplete, size: 'large' as const };
              return (
                <FormField label={label} htmlFor={id} error={fieldState.error?.message} required>
                  {type === 'password' ? <Input.Password {...props} /> : <Input {...props} type={type} />}
                </FormField>
              );
            }}
          />
        ))}
        {register.isError && errorMessage(register.error) !== USER_MESSAGES.commonPassword && (
          <Alert type="error" title={errorMessage(register.error)} showIcon role="alert" style={{ marginBottom: 16 }} />
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
          Create Account
        </Button>
      </form>
      <p className={authStyles.footer}>
        Already have an account? <Link to="/login">Login here</Link>
      </p>
    </AuthCard>
  );
}
