import { errorMessage } from '@battledeck/shared/api';
import { LIMITS, type Store } from '@battledeck/shared/contract';
import { FormField, fieldAria } from '@battledeck/shared/widgets';
import { Alert, App, Button, Input, Modal } from 'antd';
import { useId, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { ADMIN_TEXT } from '../../../lib/messages';
import { isValidUrl, URL_INVALID } from '../../../lib/url-field';
import { useSaveStore } from '../api/save-store';

interface StoreFormValues {
  name: string;
  url: string;
}

export const STORE_FORM_TEXT = {
  required: ADMIN_TEXT.required,
  url: URL_INVALID,
  tooLong: `At most ${LIMITS.catalogueNameMax} characters.`,
} as const;

/** Name and url required (SPEC §5 store form); the URL must be http(s). */
export function validateStore(values: StoreFormValues): Partial<Record<keyof StoreFormValues, string>> {
  const errors: Partial<Record<keyof StoreFormValues, string>> = {};
  const name = values.name.trim();
  const url = values.url.trim();
  if (!name) errors.name = STORE_FORM_TEXT.required;
  else if (name.length > LIMITS.catalogueNameMax) errors.name = STORE_FORM_TEXT.tooLong;
  if (!url) errors.url = STORE_FORM_TEXT.required;
  else if (!isValidUrl(url)) errors.url = STORE_FORM_TEXT.url;
  return errors;
}

const resolver: Resolver<StoreFormValues> = (values) => {
  const errors = Object.entries(validateStore(values));
  if (errors.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(errors.map(([key, message]) => [key, { type: 'validate', message }])) };
};

function StoreForm({ store, formId, onSaved, onSavingChange }: { store: Store | null; formId: string; onSaved: () => void; onSavingChange: (saving: boolean) => void }) {
  const save = useSaveStore();
  const { message } = App.useApp();
  const { control, handleSubmit } = useForm<StoreFormValues>({
    resolver,
    defaultValues: { name: store?.name ?? '', url: store?.url ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
  });
  // A double click submits twice before Save shows that it is saving: the second submit is dropped here.
  const saving = useRef(false);
  const submit = handleSubmit(async (values) => {
    if (saving.current) return;
    saving.current = true;
    onSavingChange(true);
    try {
      const saved = await save.mutateAsync({ storeId: store?.store_id, body: { name: values.name.trim(), url: values.url.trim() } });
      message.success(`${saved.name} was saved.`);
      onSaved();
    } catch {
      // Shown below from save.error.
    } finally {
      saving.current = false;
      onSavingChange(false);
    }
  });
  return (
    <form id={formId} onSubmit={submit} noValidate aria-label={store ? 'Edit Store' : 'New Store'}>
      <Controller
        name="name"
        control={control}
        render={({ field, fieldState }) => (
          <FormField label="Name" htmlFor="store-name" error={fieldState.error?.message} required>
            <Input {...field} {...fieldAria('store-name', fieldState.error?.message, true)} maxLength={200} autoComplete="off" />
          </FormField>
        )}
      />
      <Controller
        name="url"
        control={control}
        render={({ field, fieldState }) => (
          <FormField label="URL" htmlFor="store-url" error={fieldState.error?.message} required>
            <Input {...field} {...fieldAria('store-url', fieldState.error?.message, true)} type="url" placeholder="https://" maxLength={LIMITS.urlMax} />
          </FormField>
        )}
      />
      {save.isError && <Alert type="error" showIcon role="alert" title={errorMessage(save.error)} />}
    </form>
  );
}

/**
 * New/edit store modal: `store` null creates one. While it saves, Save shows it (a second click sends nothing)
 * and nothing closes it; a click beside it never does (typed input is not dropped by a stray click).
 */
export function StoreFormModal({ open, store, onClose }: { open: boolean; store: Store | null; onClose: () => void }) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title={store ? 'Edit Store' : 'New Store'}
      onCancel={() => !saving && onClose()}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={saving}>
          Cancel
        </Button>,
        <Button key="save" type="primary" htmlType="submit" form={formId} loading={saving}>
          Save
        </Button>,
      ]}
    >
      {open && <StoreForm key={store?.store_id ?? 'new'} store={store} formId={formId} onSaved={onClose} onSavingChange={setSaving} />}
    </Modal>
  );
}
