import { errorMessage } from '@battledeck/shared/api';
import { Input, Radio, Spin } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useImagePreview } from '../api/preview-part-image';
import { IMAGE_TYPES, type PartFormValues } from '../utils/part-form';
import styles from './part-form.module.css';

export interface ImageFieldProps {
  source: PartFormValues['image_source'];
  onSource: (source: PartFormValues['image_source']) => void;
  url: string;
  /** Called with the URL when it is taken: on Enter or when the field loses focus. */
  onUrl: (url: string) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  /** The part's current image (editing), shown until another is chosen. */
  currentSrc?: string;
  error?: string;
  creating: boolean;
}

function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(undefined);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * Image source toggle: Import (a URL, taken on Enter or blur; the server fetches it for the preview, so a URL
 * it would refuse says so at once) or Local (one JPEG, PNG or GIF, previewed from the file).
 */
export function ImageField({ source, onSource, url, onUrl, file, onFile, currentSrc, error, creating }: ImageFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const problemId = `${inputId}-problem`;
  const [draft, setDraft] = useState(url);
  const fileUrl = useObjectUrl(file);
  const remote = useImagePreview(source === 'url' && !error ? url : '');
  useEffect(() => setDraft(url), [url]);

  const take = () => {
    if (draft.trim() !== url) onUrl(draft.trim());
  };
  const preview = source === 'url' ? remote.data?.src : fileUrl;
  const shown = preview ?? currentSrc;
  const problem = source === 'url' && remote.isError ? errorMessage(remote.error) : undefined;
  const describedBy = [error && errorId, problem && problemId].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        {creating && (
          <span className={styles.requiredMark} aria-hidden="true">
            *{' '}
          </span>
        )}
        Image{creating && <span className="visually-hidden"> (required)</span>}
      </legend>
      <Radio.Group
        optionType="button"
        value={source}
        onChange={(e) => onSource(e.target.value as PartFormValues['image_source'])}
        options={[
          { value: 'url', label: 'Import' },
          { value: 'file', label: 'Local' },
        ]}
        aria-label="Image source"
        className={styles.sourceToggle}
      />
      <div className={styles.imageRow}>
        <div className={styles.imageInput}>
          {source === 'url' ? (
            <>
              <label htmlFor={inputId} className={styles.subLabel}>
                Image URL
              </label>
              <Input
                id={inputId}
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={2048}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onBlur={take}
                onPressEnter={(e) => {
                  e.preventDefault();
                  take();
                }}
                {...aria}
              />
              <span className={styles.hint}>The server downloads the picture; press Enter or leave the field to see it.</span>
            </>
          ) : (
            <>
              <label htmlFor={inputId} className={styles.subLabel}>
                Image file (PNG, JPG or GIF)
              </label>
              <input
                id={inputId}
                type="file"
                accept={IMAGE_TYPES.join(',')}
                className={styles.fileInput}
                onChange={(e) => onFile(e.target.files?.[0] ?? null)}
                {...aria}
              />
            </>
          )}
          {!creating && !preview && <span className={styles.hint}>Leave empty to keep the current image.</span>}
          {error && (
            <div id={errorId} className={styles.error}>
              {error}
            </div>
          )}
          {problem && (
            <div id={problemId} className={styles.error} role="alert">
              {problem}
            </div>
          )}
        </div>
        <div className={styles.preview}>
          {source === 'url' && remote.isFetching ? (
            <span role="status">
              <Spin size="small" />
              <span className="visually-hidden">Checking the image</span>
            </span>
          ) : shown ? (
            <img src={shown} alt={preview ? 'Preview of the new image' : 'Current image'} width={120} height={90} />
          ) : (
            <span className={styles.noPreview}>No image</span>
          )}
        </div>
      </div>
    </fieldset>
  );
}
