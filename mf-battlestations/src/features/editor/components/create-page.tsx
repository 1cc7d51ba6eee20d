import { errorMessage } from '@battledeck/shared/api';
import { usePageTitle } from '@battledeck/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBasePath } from '../../../lib/base-path';
import { useCreateBattlestation } from '../api/create-battlestation';
import { useStationForm } from '../hooks/use-station-form';
import { createPayload, hasCreateInput } from '../utils/form-changes';
import { EMPTY_STATION_FORM, type StationFormValues } from '../utils/form-schema';
import { LeaveGuard } from './leave-guard';
import { StationForm } from './station-form';
import { UploadDialog, type UploadState } from './upload-dialog';
import styles from './editor-page.module.css';

/** After 'Battlestation uploaded!' the new page opens by itself after this long (or at once with the button). */
export const REDIRECT_AFTER_MS = 1200;

/** /battlestations/new (SPEC "Create battlestation"): title 'Create | Battledeck', behind sign-in. */
export default function CreatePage() {
  usePageTitle('Create');
  const navigate = useNavigate();
  const basePath = useBasePath();
  const { form, dirty, guard } = useStationForm(EMPTY_STATION_FORM, (_initial, values) => hasCreateInput(values));
  const create = useCreateBattlestation();
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [newId, setNewId] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  const view = (id: number) => navigate(`${basePath}/${id}`, { replace: true });

  useEffect(() => {
    if (newId === null) return;
    const timer = setTimeout(() => view(newId), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per created station
  }, [newId]);

  const save = (values: StationFormValues) => {
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ status: 'uploading', progress: 0 });
    create.mutate(
      {
        payload: createPayload(values),
        signal: controller.signal,
        onProgress: (progress) => setUpload((state) => (state?.status === 'uploading' ? { status: 'uploading', progress } : state)),
      },
      {
        onSuccess: (result) => {
          guard.allowLeaving();
          setUpload({ status: 'success' });
          setNewId(result.newId);
        },
        onError: (error) => setUpload({ status: 'error', message: errorMessage(error) }),
      },
    );
  };

  return (
    <div className={`page ${styles.page}`}>
      <h1 className={styles.title}>Create Battlestation</h1>
      <StationForm form={form} dirty={dirty} busy={create.isPending} onSave={save} />
      <UploadDialog
        kind="create"
        state={upload}
        onCancel={() => abort.current?.abort()}
        onClose={() => (newId !== null ? view(newId) : setUpload(null))}
        onView={newId !== null ? () => view(newId) : undefined}
      />
      <LeaveGuard shouldBlock={guard.shouldBlock} />
    </div>
  );
}
