import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { LIMITS } from '@battledeck/shared/contract';
import { absoluteDate } from '@battledeck/shared/format';
import { fieldAria, FormField } from '@battledeck/shared/widgets';
import { Button, Input, Switch } from 'antd';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { StationFormOutput, StationFormValues } from '../utils/form-schema';
import { withoutMissingParts } from '../utils/hotspots';
import { preventEnterSubmit } from '../utils/prevent-enter-submit';
import { DeskField } from './desk-field';
import { PartsField } from './parts-field';
import { PhotoField } from './photo-field';
import styles from './station-form.module.css';

export interface StationFormProps {
  form: UseFormReturn<StationFormValues, unknown, StationFormOutput>;
  /** Save is enabled only when something changed (SPEC "Create battlestation"). */
  dirty: boolean;
  busy: boolean;
  /** Called with the form's values once they pass the rules. */
  onSave: (values: StationFormValues) => void;
  /** Shown only when given (editing). */
  onDelete?: () => void;
  /** Editing: the station's creation date. */
  createdDate?: string;
  saveLabel?: string;
}

/** The create/edit form (SPEC "Create battlestation", §5): fields, ordered photos, parts, Save, Delete. */
export function StationForm({ form, dirty, busy, onSave, onDelete, createdDate, saveLabel = 'Save' }: StationFormProps) {
  const { control, handleSubmit, formState, trigger, getValues, setValue } = form;
  const parts = useWatch({ control, name: 'parts' });
  // Read while rendering, so react-hook-form keeps it up to date.
  const { isSubmitted } = formState;
  // Lists have no blur: once the form was submitted, they are checked again as they change.
  const recheck = (field: 'photos' | 'parts') => {
    if (isSubmitted) void trigger(field);
  };

  return (
    // The keydown handler only cancels the browser's implicit submission; it adds no interaction to the form.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      className={styles.form}
      onSubmit={handleSubmit(() => onSave(getValues()))}
      // Only Save submits: Enter in a field does not (issue 16 item 1).
      onKeyDown={preventEnterSubmit}
      noValidate
      aria-label="Battlestation"
    >
      <section className={styles.card} aria-labelledby="details-heading">
        <h2 id="details-heading">Details</h2>
        <Controller
          name="name"
          control={control}
          render={({ field, fieldState }) => (
            <FormField label="Name" htmlFor="station-name" error={fieldState.error?.message} required>
              <Input {...field} {...fieldAria('station-name', fieldState.error?.message, true)} maxLength={LIMITS.nameMax} autoComplete="off" />
            </FormField>
          )}
        />
        <div className={styles.twoColumns}>
          <Controller
            name="instagram_url"
            control={control}
            render={({ field, fieldState }) => (
              <FormField label="Instagram link" htmlFor="station-instagram" error={fieldState.error?.message}>
                <Input {...field} {...fieldAria('station-instagram', fieldState.error?.message)} placeholder="instagram.com/yourname" inputMode="url" />
              </FormField>
            )}
          />
          <Controller
            name="reddit_url"
            control={control}
            render={({ field, fieldState }) => (
              <FormField label="Reddit link" htmlFor="station-reddit" error={fieldState.error?.message}>
                <Input {...field} {...fieldAria('station-reddit', fieldState.error?.message)} placeholder="reddit.com/r/battlestations/…" inputMode="url" />
              </FormField>
            )}
          />
        </div>
        <Controller
          name="description"
          control={control}
          render={({ field, fieldState }) => (
            <FormField label="Description" htmlFor="station-description" error={fieldState.error?.message}>
              <Input.TextArea
                {...field}
                {...fieldAria('station-description', fieldState.error?.message)}
                rows={6}
                maxLength={LIMITS.descriptionMax}
                showCount
                // antd's count is too faint for WCAG AA contrast: the site's muted text colour instead.
                styles={{ count: { color: 'var(--bd-text-muted)' } }}
              />
            </FormField>
          )}
        />
        <Controller
          name="is_public"
          control={control}
          render={({ field }) => (
            <div className={styles.visibility}>
              <Switch
                id="station-public"
                checked={field.value}
                onChange={field.onChange}
                aria-describedby="station-public-help"
              />
              <label htmlFor="station-public" className={styles.visibilityLabel}>
                Public
              </label>
              <span id="station-public-help" className={styles.help}>
                {field.value ? 'Anyone can see this battlestation.' : 'Only you can see this battlestation.'}
              </span>
            </div>
          )}
        />
      </section>

      <section className={styles.card} aria-labelledby="photos-heading">
        <h2 id="photos-heading">Photos</h2>
        <Controller
          name="photos"
          control={control}
          render={({ field, fieldState }) => (
            <>
              <PhotoField
                id="station-photos"
                value={field.value}
                parts={parts}
                onChange={(photos) => {
                  field.onChange(photos);
                  recheck('photos');
                }}
                error={fieldState.error?.message}
              />
              {fieldState.error?.message && (
                <p id="station-photos-error" className={styles.error} role="alert">
                  {fieldState.error.message}
                </p>
              )}
            </>
          )}
        />
      </section>

      <section className={styles.card} aria-labelledby="parts-heading">
        <h2 id="parts-heading">Parts</h2>
        <Controller
          name="parts"
          control={control}
          render={({ field, fieldState }) => (
            <>
              <PartsField
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  // A part taken off the list takes its photo markers with it (decision 020).
                  const photos = getValues('photos');
                  const kept = withoutMissingParts(photos, next);
                  if (kept.some((photo, i) => photo !== photos[i])) setValue('photos', kept);
                  recheck('parts');
                }}
              />
              {fieldState.error?.message && (
                <p className={styles.error} role="alert">
                  {fieldState.error.message}
                </p>
              )}
            </>
          )}
        />
      </section>

      <DeskField control={control} />

      <div className={styles.footer}>
        {createdDate && <p className={styles.created}>Created on {absoluteDate(createdDate)}</p>}
        <div className={styles.buttons}>
          {onDelete && (
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onDelete} disabled={busy}>
              Delete
            </Button>
          )}
          <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} disabled={!dirty || busy} loading={busy}>
            {saveLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
