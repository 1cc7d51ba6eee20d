import { errorMessage, partTypesQueryOptions } from '@battledeck/shared/api';
import { isHttpUrl, type PartDetail, type PendingPart } from '@battledeck/shared/contract';
import { imageUrl } from '@battledeck/shared/format';
import { FormField, fieldAria } from '@battledeck/shared/widgets';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Select } from 'antd';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSavePart } from '../api/save-part';
import { useStoreOptions } from '../api/get-store-options';
import { formFromPart, formFromRequest, EMPTY_PART_FORM, partFormResolver, PART_FORM_TEXT, toPartFields, type PartFormValues } from '../utils/part-form';
import { ImageField } from './image-field';
import { draftComplete, EMPTY_DRAFT, StoreLinksField, type StoreDraft } from './store-links-field';

/** What the form is for: a new part, editing one, or turning a pending request into a part (approving it). */
export type PartFormTarget = { kind: 'create' } | { kind: 'edit'; part: PartDetail } | { kind: 'request'; request: PendingPart };

const TITLES = { create: 'New Part', edit: 'Edit Part', request: 'New Part from a Request' } as const;

function PartForm({ target, formId, onSaved, onSavingChange }: { target: PartFormTarget; formId: string; onSaved: () => void; onSavingChange: (saving: boolean) => void }) {
  const creating = target.kind !== 'edit';
  const types = useQuery(partTypesQueryOptions());
  const stores = useStoreOptions();
  const save = useSavePart();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<StoreDraft>(EMPTY_DRAFT);
  const [storeError, setStoreError] = useState<string>();

  // A request's URL is matched against the store names once they are known; the form starts from that.
  const initial = useMemo<PartFormValues>(
    () => (target.kind === 'edit' ? formFromPart(target.part) : target.kind === 'request' ? formFromRequest(target.request, stores.data ?? []) : EMPTY_PART_FORM),
    [target, stores.data],
  );
  const initialStores = target.kind === 'edit' ? target.part.stores : [];
  const { control, handleSubmit, setValue, watch, formState } = useForm<PartFormValues>({
    resolver: partFormResolver(creating),
    values: initial,
    resetOptions: { keepDirtyValues: true },
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
  });
  const values = watch();

  const submit = handleSubmit(async (form) => {
    let links = form.stores;
    // A store row filled in but not added yet is added, not silently dropped.
    if (draftComplete(draft)) {
      if (!isHttpUrl(draft.url.trim())) return setStoreError(PART_FORM_TEXT.url);
      const store = stores.data?.find((s) => s.store_id === draft.storeId);
      if (store) links = [...links, { store_id: store.store_id, store_name: store.name, url: draft.url.trim() }];
    }
    const { fields, image } = toPartFields({ ...form, stores: links }, initialStores, target.kind === 'request' ? target.request.part_id : undefined);
    onSavingChange(true);
    try {
      await save.mutateAsync({ partId: target.kind === 'edit' ? target.part.part_id : undefined, fields, image });
      message.success(target.kind === 'request' ? `${fields.name} was added and the request approved.` : `${fields.name} was saved.`);
      onSaved();
    } catch {
      // Shown below from save.error.
    } finally {
      onSavingChange(false);
    }
  });

  const err = (name: keyof PartFormValues) => formState.errors[name]?.message;
  return (
    <form id={formId} onSubmit={submit} noValidate aria-label={TITLES[target.kind]}>
      {target.kind === 'request' && (
        <p>
          Saving adds this part to the catalogue and approves the request <q>{target.request.name}</q>.
        </p>
      )}
      <Controller
        name="name"
        control={control}
        render={({ field, fieldState }) => (
          <FormField label="Name" htmlFor="part-name" error={fieldState.error?.message} required>
            <Input {...field} {...fieldAria('part-name', fieldState.error?.message, true)} maxLength={200} autoComplete="off" />
          </FormField>
        )}
      />
      <Controller
        name="type_id"
        control={control}
        render={({ field, fieldState }) => (
          <FormField label="Type" htmlFor="part-type" error={fieldState.error?.message ?? (types.isError ? 'Unable to load part categories.' : undefined)} required>
            <Select
              {...fieldAria('part-type', fieldState.error?.message, true)}
              value={field.value}
              onChange={(value: number) => field.onChange(value)}
              onBlur={field.onBlur}
              placeholder={types.isPending ? 'Loading...' : 'Choose a type'}
              options={(types.data ?? []).map((t) => ({ value: t.type_id, label: t.type_name }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </FormField>
        )}
      />
      <Controller
        name="manufacturer"
        control={control}
        render={({ field, fieldState }) => (
          <FormField label="Manufacturer" htmlFor="part-manufacturer" error={fieldState.error?.message} required>
            <Input {...field} {...fieldAria('part-manufacturer', fieldState.error?.message, true)} maxLength={200} />
          </FormField>
        )}
      />
      <Controller
        name="manufacturer_url"
        control={control}
        render={({ field, fieldState }) => (
          <FormField label="Manufacturer URL" htmlFor="part-manufacturer-url" error={fieldState.error?.message}>
            <Input {...field} {...fieldAria('part-manufacturer-url', fieldState.error?.message)} type="url" placeholder="https://" maxLength={2048} />
          </FormField>
        )}
      />
      <ImageField
        creating={creating}
        source={values.image_source}
        onSource={(source) => setValue('image_source', source, { shouldDirty: true })}
        url={values.image_url}
        onUrl={(url) => setValue('image_url', url, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
        file={values.image_file}
        onFile={(file) => setValue('image_file', file, { shouldDirty: true, shouldValidate: true })}
        currentSrc={target.kind === 'edit' ? imageUrl('parts', target.part.image) : undefined}
        error={values.image_source === 'url' ? err('image_url') : err('image_file')}
      />
      <StoreLinksField
        links={values.stores}
        onChange={(links) => setValue('stores', links, { shouldDirty: true })}
        draft={draft}
        onDraft={setDraft}
        options={stores.data}
        optionsFailed={stores.isError}
        error={storeError}
        onError={setStoreError}
      />
      {save.isError && <Alert type="error" showIcon role="alert" title={errorMessage(save.error)} />}
    </form>
  );
}

/** The part form modal (SPEC "Part form modal"): create, edit, or save a pending request as a part. */
export function PartFormModal({ open, target, onClose }: { open: boolean; target: PartFormTarget | null; onClose: () => void }) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title={target ? TITLES[target.kind] : undefined}
      onCancel={() => !saving && onClose()}
      destroyOnHidden
      width={640}
      // A click beside it never closes it: a half-filled part is not dropped by a stray click.
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
      {open && target && <PartForm target={target} formId={formId} onSaved={onClose} onSavingChange={setSaving} />}
    </Modal>
  );
}
