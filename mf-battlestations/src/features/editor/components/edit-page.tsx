import { errorMessage, queryKeys, useDeleteBattlestation } from '@battledeck/shared/api';
import type { BattlestationDetail } from '@battledeck/shared/contract';
import { useSession } from '@battledeck/shared/session';
import { PageSkeleton, usePageTitle } from '@battledeck/shared/ui';
import { DeleteConfirmModal } from '@battledeck/shared/widgets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useBasePath } from '../../../lib/base-path';
import { useBattlestation, useCanEdit } from '../../../lib/get-battlestation';
import { useUpdateBattlestation } from '../api/update-battlestation';
import { useStationForm } from '../hooks/use-station-form';
import { updatePayload } from '../utils/form-changes';
import { formValuesOf, type StationFormValues } from '../utils/form-schema';
import { LeaveGuard } from './leave-guard';
import { StationForm } from './station-form';
import { UploadDialog, type UploadState } from './upload-dialog';
import styles from './editor-page.module.css';

export const EDIT_MESSAGES = {
  loadError: 'Sorry, we were unable to load this battlestation. Please try again later.',
  noAccess: 'Sorry, you do not have access to edit this battlestation.',
} as const;

function EditForm({ station }: { station: BattlestationDetail }) {
  const id = station.battlestation_id;
  const navigate = useNavigate();
  const basePath = useBasePath();
  const viewer = useSession((s) => s.user?.uid ?? null);
  const { form, dirty, guard, resetTo } = useStationForm(formValuesOf(station), (initial, values) => updatePayload(initial, values) !== null);
  const initial = useRef(formValuesOf(station));
  const update = useUpdateBattlestation(id, viewer);
  const remove = useDeleteBattlestation();
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [deleting, setDeleting] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const deleted = useRef(false);
  const queryClient = useQueryClient();

  // A deleted station's page leaves the cache once this form is gone (back/forward must not show it).
  useEffect(
    () => () => {
      if (deleted.current) queryClient.removeQueries({ queryKey: queryKeys.battlestations.detail(id) });
    },
    [queryClient, id],
  );

  const save = (values: StationFormValues) => {
    const payload = updatePayload(initial.current, values);
    if (!payload) return;
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ status: 'uploading', progress: 0 });
    update.mutate(
      {
        payload,
        signal: controller.signal,
        onProgress: (progress) => setUpload((state) => (state?.status === 'uploading' ? { status: 'uploading', progress } : state)),
      },
      {
        onSuccess: (saved) => {
          // The form now starts from what was saved (SPEC §4: edit data is refetched).
          const next = formValuesOf(saved);
          initial.current = next;
          resetTo(next);
          setUpload({ status: 'success' });
        },
        onError: (error) => setUpload({ status: 'error', message: errorMessage(error) }),
      },
    );
  };

  return (
    <>
      <p className={styles.back}>
        <Link to={`${basePath}/${id}`}>Back to {station.name}</Link>
      </p>
      <StationForm
        form={form}
        dirty={dirty}
        busy={update.isPending}
        onSave={save}
        onDelete={() => setDeleting(true)}
        createdDate={station.created_date}
      />
      <UploadDialog kind="update" state={upload} onCancel={() => abort.current?.abort()} onClose={() => setUpload(null)} />
      <DeleteConfirmModal
        open={deleting}
        name={station.name}
        title="Delete Battlestation"
        onConfirm={() => remove.mutateAsync(id)}
        onClose={(wasDeleted) => {
          setDeleting(false);
          if (wasDeleted) {
            deleted.current = true;
            guard.allowLeaving();
            navigate(basePath);
          }
        }}
      />
      <LeaveGuard shouldBlock={guard.shouldBlock} />
    </>
  );
}

/** /battlestations/{stationId}/edit (SPEC "Edit"): behind sign-in, for the owner or staff. */
export default function EditPage() {
  usePageTitle('Edit');
  const { stationId } = useParams();
  const id = Number(stationId);
  const query = useBattlestation(id);
  const canEdit = useCanEdit(query.data);
  const invalid = !Number.isInteger(id) || id <= 0;

  let content;
  if (invalid || query.isError) {
    content = (
      <div className={styles.message} role="alert">
        <p>{EDIT_MESSAGES.loadError}</p>
      </div>
    );
  } else if (!query.data) {
    content = <PageSkeleton />;
  } else if (!canEdit) {
    content = (
      <div className={styles.message} role="alert">
        <p>{EDIT_MESSAGES.noAccess}</p>
        <Link to=".." relative="path">
          See this battlestation
        </Link>
      </div>
    );
  } else {
    content = <EditForm key={id} station={query.data} />;
  }
  return (
    <div className={`page ${styles.page}`}>
      <h1 className={styles.title}>Edit Battlestation</h1>
      {content}
    </div>
  );
}
