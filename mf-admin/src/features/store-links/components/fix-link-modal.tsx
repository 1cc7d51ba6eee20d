import { errorMessage } from '@battledeck/shared/api';
import { LIMITS, type BrokenLink } from '@battledeck/shared/contract';
import { FormField, fieldAria } from '@battledeck/shared/widgets';
import { Alert, App, Button, Input, Modal } from 'antd';
import { useId } from 'react';
import { Controller, useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { ADMIN_TEXT } from '../../../lib/messages';
import { isValidUrl, URL_INVALID } from '../../../lib/url-field';
import { useFixStoreLink } from '../api/fix-store-link';
import { LINK_TEXT } from './link-texts';

interface FixValues {
  url: string;
}

export const FIX_TEXT = {
  required: ADMIN_TEXT.required,
  url: URL_INVALID,
  unchanged: 'Enter the new address: this is the one that failed.',
} as const;

function validate(values: FixValues, current: string): string | undefined {
  const url = values.url.trim();
  if (!url) return FIX_TEXT.required;
  if (!isValidUrl(url)) return FIX_TEXT.url;
  if (url === current) return FIX_TEXT.unchanged;
  return undefined;
}

function FixForm({ link, formId, onSaved }: { link: BrokenLink; formId: string; onSaved: () => void }) {
  const fix = useFixStoreLink();
  const { message } = App.useApp();
  const resolver: Resolver<FixValues> = (values): ResolverResult<FixValues> => {
    const error = validate(values, link.url);
    if (!error) return { values, errors: {} };
    return { values: {}, errors: { url: { type: 'validate', message: error } } };
  };
  const { control, handleSubmit } = useForm<FixValues>({ resolver, defaultValues: { url: link.url }, mode: 'onSubmit', reValidateMode: 'onBlur' });
  const submit = handleSubmit(async (values) => {
    try {
      await fix.mutateAsync({ partId: link.part_id, storeId: link.store_id, url: values.url.trim() });
      message.success(LINK_TEXT.fixed(link.store_name, link.part_name));
      onSaved();
    } catch {
      // Shown below from fix.error.
    }
  });
  return (
    <form id={formId} onSubmit={submit} noValidate aria-label={LINK_TEXT.fixTitle}>
      <p>
        {link.part_name} at {link.store_name}
      </p>
      <Controller
        name="url"
        control={control}
        render={({ field, fieldState }) => (
          <FormField label="URL" htmlFor="store-link-url" error={fieldState.error?.message} required>
            <Input {...field} {...fieldAria('store-link-url', fieldState.error?.message, true)} type="url" placeholder="https://" maxLength={LIMITS.urlMax} />
          </FormField>
        )}
      />
      {fix.isError && <Alert type="error" showIcon role="alert" title={errorMessage(fix.error)} />}
    </form>
  );
}

/** Fix a broken link: a new address for the part's link to that store. */
export function FixLinkModal({ open, link, onClose }: { open: boolean; link: BrokenLink | null; onClose: () => void }) {
  const formId = useId();
  return (
    <Modal
      open={open}
      title={LINK_TEXT.fixTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" htmlType="submit" form={formId}>
          Save
        </Button>,
      ]}
    >
      {open && link && <FixForm key={`${link.part_id}-${link.store_id}`} link={link} formId={formId} onSaved={onClose} />}
    </Modal>
  );
}
