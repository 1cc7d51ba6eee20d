import { errorMessage } from '@battledeck/shared/api';
import { USER_MESSAGES, type UserProfile } from '@battledeck/shared/contract';
import { fieldAria, FormField, useRecentSignIn } from '@battledeck/shared/widgets';
import { Alert, Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { PROFILE_MESSAGES } from '../../../lib/messages';
import { useUpdateProfile } from '../api/update-profile';
import { useLeaveSignedOut } from '../hooks/use-leave-signed-out';
import { changedFields, formValuesOf, sameEmail, settingsResolver, type SettingsFormValues } from '../utils/settings-form';
import styles from './settings-page.module.css';

interface FieldSpec {
  name: Path<SettingsFormValues>;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  required?: boolean;
  extra?: string;
}

const FIELDS: FieldSpec[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username', required: true },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', required: true },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', extra: 'Leave blank to keep your current password.' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

/** The account form: only changed fields are sent; rules checked on blur (SPEC §4-5). */
export function SettingsForm({ profile }: { profile: UserProfile }) {
  const update = useUpdateProfile(profile.user_id);
  const leaveSignedOut = useLeaveSignedOut();
  // A password or e-mail change may need a fresh sign-in (decision 25): asked for, then the same save is retried.
  const { withRecentSignIn, dialog: recentSignInDialog } = useRecentSignIn();
  const location = useLocation();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<SettingsFormValues>({
    resolver: settingsResolver,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: formValuesOf(profile),
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const { isDirty, isSubmitting } = formState;
  const saving = isSubmitting || update.isPending;

  // 'Profile Saved' shows only while the form is not dirty: editing again hides it for good.
  useEffect(() => {
    if (isDirty) setSaved(false);
  }, [isDirty]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = changedFields(profile, values);
    if (Object.keys(body).length === 0) {
      reset(formValuesOf(profile));
      return;
    }
    try {
      const result = await withRecentSignIn(() => update.mutateAsync(body));
      if (result.signedOut) {
        await leaveSignedOut('/login', location.pathname);
        return;
      }
      reset(formValuesOf(result.profile));
      setSaved(true);
    } catch (error) {
      const message = errorMessage(error);
      if (message === USER_MESSAGES.usernameTaken) setError('username', { message }, { shouldFocus: true });
      else if (message === USER_MESSAGES.emailTaken) setError('email', { message }, { shouldFocus: true });
      else if (message === USER_MESSAGES.commonPassword) setError('password', { message }, { shouldFocus: true });
      else setFailure(message);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Account settings">
      {FIELDS.map(({ name, label, type, autoComplete, required, extra }) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field, fieldState }) => {
            const id = `settings-${name}`;
            const error = fieldState.error?.message;
            const props = { ...field, ...fieldAria(id, error, required), autoComplete, size: 'large' as const, readOnly: saving };
            return (
              <FormField label={label} htmlFor={id} error={error} extra={extra && <span className={styles.hint}>{extra}</span>} required={required}>
                {type === 'password' ? <Input.Password {...props} /> : <Input {...props} type={type} maxLength={type === 'email' ? 254 : 64} />}
              </FormField>
            );
          }}
        />
      ))}
      <div className={styles.notices}>
        {!sameEmail(email, profile.email) && <Alert type="warning" showIcon role="status" title={PROFILE_MESSAGES.emailWarning} />}
        {password !== '' && <Alert type="warning" showIcon role="status" title={PROFILE_MESSAGES.passwordWarning} />}
        {failure && <Alert type="error" showIcon title={failure} />}
        {saved && !isDirty && <Alert type="success" showIcon role="status" title={PROFILE_MESSAGES.profileSaved} />}
      </div>
      <div className={styles.actions}>
        <Button type="primary" htmlType="submit" size="large" disabled={!isDirty || saving} loading={saving}>
          Save
        </Button>
      </div>
      {recentSignInDialog}
    </form>
  );
}
