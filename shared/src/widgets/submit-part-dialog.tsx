import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Result, Spin, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorMessage, requestPart, queryKeys } from '@battledeck/shared/api';
import { BRAND } from '@battledeck/shared/format';
import { LIMITS } from '../contract/common';
import { partRequestBody, type PartRequestBody } from '../contract/parts';
import type { SimilarPart } from '../contract/part-duplicates';
import { fieldAria, FormField } from './form-field';
import { SimilarPartSuggestions } from './similar-part-suggestions';

export const SUBMIT_PART_MESSAGES = {
  title: 'Submit New Part',
  thanks: 'Thank You!',
  appreciate: `We appreciate your help in improving ${BRAND}.`,
  pending: 'Your part is pending approval and should be added soon.',
  sending: 'Sending…',
} as const;

export interface SubmitPartDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the part name (e.g. what the user searched for). */
  initialName?: string;
  /** The category the user is in (a type_path): its parts come first among 'Did you mean …?' (decision 021). */
  partType?: string;
  /**
   * Picking a suggested existing part instead of submitting: called with it, then the dialog closes. Without
   * it each suggestion links to the part's page.
   */
  onPickPart?: (part: SimilarPart) => void;
}

/**
 * 'Submit New Part': a signed-in user suggests a missing part (SPEC "Submit New Part dialog"). partName and
 * partUrl are required ('Field is required.'), checked on submit and then on blur; a spinner shows while
 * sending, then the thanks. The staff's pending list is refreshed. While the name is typed, existing parts that
 * look like it are offered to pick instead (decision 021).
 */
export function SubmitPartDialog({ open, onClose, initialName = '', partType, onPickPart }: SubmitPartDialogProps) {
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: requestPart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.parts.pending() }),
  });
  const { control, handleSubmit, reset } = useForm<PartRequestBody>({
    resolver: zodResolver(partRequestBody),
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    values: { partName: initialName, partUrl: '' },
  });
  // The name alone: the suggestions follow it, and typing the link does not re-render the dialog.
  const partName = useWatch({ control, name: 'partName' });
  const nameRef = useRef<InputRef>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // The form is replaced by the thanks: focus moves to its Close button rather than being lost.
  useEffect(() => {
    if (submit.isSuccess) closeRef.current?.focus();
  }, [submit.isSuccess]);

  const close = () => {
    onClose();
    submit.reset();
    reset();
  };

  return (
    <Modal
      open={open}
      title={SUBMIT_PART_MESSAGES.title}
      onCancel={close}
      // The thanks has its own Close button: no second one of the same name in the corner.
      closable={!submit.isSuccess}
      footer={null}
      destroyOnHidden
      afterOpenChange={(visible) => {
        // Into the first field, unless the user already clicked into one while the dialog was opening.
        if (visible && !(document.activeElement instanceof HTMLInputElement)) nameRef.current?.focus();
      }}
    >
      {submit.isSuccess ? (
        <div role="status">
          <Result
            status="success"
            title={SUBMIT_PART_MESSAGES.thanks}
            subTitle={
              <>
                <span style={{ display: 'block' }}>{SUBMIT_PART_MESSAGES.appreciate}</span>
                <span style={{ display: 'block' }}>{SUBMIT_PART_MESSAGES.pending}</span>
              </>
            }
            extra={
              <Button type="primary" onClick={close} ref={closeRef}>
                Close
              </Button>
            }
          />
        </div>
      ) : (
        <Spin spinning={submit.isPending} description={SUBMIT_PART_MESSAGES.sending}>
          <form onSubmit={handleSubmit((values) => submit.mutate(values))} noValidate aria-label={SUBMIT_PART_MESSAGES.title}>
            <Controller
              name="partName"
              control={control}
              render={({ field, fieldState }) => (
                <FormField label="Part name" htmlFor="submit-part-name" error={fieldState.error?.message} required>
                  <Input
                    {...field}
                    ref={(input) => {
                      field.ref(input);
                      nameRef.current = input;
                    }}
                    {...fieldAria('submit-part-name', fieldState.error?.message, true)}
                    maxLength={LIMITS.catalogueNameMax}
                    autoComplete="off"
                  />
                </FormField>
              )}
            />
            <SimilarPartSuggestions
              name={partName ?? ''}
              partType={partType}
              onFollow={close}
              onPick={
                onPickPart &&
                ((part) => {
                  onPickPart(part);
                  close();
                })
              }
            />
            <Controller
              name="partUrl"
              control={control}
              render={({ field, fieldState }) => (
                <FormField label="Link to the part" htmlFor="submit-part-url" error={fieldState.error?.message} required>
                  <Input
                    {...field}
                    {...fieldAria('submit-part-url', fieldState.error?.message, true)}
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    maxLength={LIMITS.urlMax}
                  />
                </FormField>
              )}
            />
            {submit.isError && <Alert type="error" showIcon role="alert" title={errorMessage(submit.error)} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" block loading={submit.isPending}>
              Submit
            </Button>
          </form>
        </Spin>
      )}
    </Modal>
  );
}
