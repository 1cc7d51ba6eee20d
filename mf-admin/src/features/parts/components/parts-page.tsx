import { partTypesQueryOptions } from '@battledeck/shared/api';
import { useSession } from '@battledeck/shared/session';
import { adminPartsQuery, ADMIN_PART_PAGE_SIZES, type PartDetail } from '@battledeck/shared/contract';
import { Pagination, totalPages, useLastPageBeyondEnd, useListState, usePageTitle } from '@battledeck/shared/ui';
import { DeleteConfirmModal } from '@battledeck/shared/widgets';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { Navigate, useParams } from 'react-router-dom';
import { ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import table from '../../../components/admin-table.module.css';
import { useDialogTarget } from '../../../hooks/use-dialog-target';
import { useBasePath } from '../../../lib/base-path';
import { ADMIN_TEXT } from '../../../lib/messages';
import { useAdminParts } from '../api/get-admin-parts';
import { useDeletePart } from '../api/delete-part';
import { MergePartModal } from './merge-part-modal';
import { PartFormModal, type PartFormTarget } from './part-form-modal';
import { PartTypeNav } from './part-type-nav';
import { PartsTable } from './parts-table';
import styles from './parts-page.module.css';

/** The list state in the URL (decision 3); the part type is in the path. */
const LIST_SCHEMA = adminPartsQuery.omit({ partType: true });
const LIST_DEFAULTS = { pageNumber: 1, resultsPerPage: 10, sortBy: 'name', direction: 'asc', searchTerm: undefined } as const;

/** /admin/parts/{partType?} (SPEC "Admin area" → Parts). */
export default function PartsPage() {
  const { partType } = useParams();
  const base = useBasePath();
  const types = useQuery(partTypesQueryOptions());
  const [state, update] = useListState(LIST_SCHEMA, LIST_DEFAULTS);
  const type = types.data?.find((t) => t.type_path === partType);
  // A type in the path is looked up first, so the list is never fetched for every type by mistake.
  const parts = useAdminParts({ ...state, partType: type?.type_path }, !partType || Boolean(type) || types.isError);
  const form = useDialogTarget<PartFormTarget>();
  const deleting = useDialogTarget<PartDetail>();
  const remove = useDeletePart();
  const merging = useDialogTarget<PartDetail>();
  const isAdmin = useSession((s) => s.isAdmin);
  usePageTitle(type ? `${type.type_name} | Parts Admin` : 'Parts Admin');
  useLastPageBeyondEnd(state, parts.data?.total, update);

  // An unknown type falls back to every part (decision 3).
  if (partType && types.data && !type) return <Navigate to={`${base}/parts`} replace />;

  const total = parts.data?.total ?? 0;
  const pages = totalPages(total, state.resultsPerPage);
  return (
    <section aria-labelledby="parts-heading">
      <PageHeader
        id="parts-heading"
        title={type ? `Parts: ${type.type_name}` : 'Parts'}
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => form.show({ kind: 'create' })} aria-label="New part">
            New
          </Button>
        }
      />
      <div className={styles.layout}>
        <div>
          <PartTypeNav base={base} types={types.data} current={type?.type_path} failed={types.isError} />
        </div>
        <div className={styles.main}>
          <ListToolbar
            searchLabel="Search parts"
            searchTerm={state.searchTerm}
            onSearch={(searchTerm) => update({ searchTerm })}
            pageSize={state.resultsPerPage}
            pageSizes={ADMIN_PART_PAGE_SIZES}
            onPageSize={(resultsPerPage) => update({ resultsPerPage })}
          />
          {parts.isError ? (
            <p role="alert" className={table.error}>
              {ADMIN_TEXT.partsFailed}
            </p>
          ) : (
            <>
              <p className={table.summary} role="status">
                {parts.data ? ADMIN_TEXT.viewingParts(total) : ADMIN_TEXT.loading}
              </p>
              <PartsTable
                parts={parts.data?.parts ?? []}
                loading={parts.isFetching}
                sort={{ sortBy: state.sortBy, direction: state.direction }}
                onSort={(sort) => update(sort)}
                onEdit={(part) => form.show({ kind: 'edit', part })}
                onDelete={deleting.show}
                onMerge={isAdmin ? merging.show : undefined}
              />
              <div className={table.pager}>
                <Pagination page={state.pageNumber} pages={pages} onChange={(pageNumber) => update({ pageNumber })} label="Parts pages" />
              </div>
            </>
          )}
        </div>
      </div>
      <PartFormModal open={form.open} target={form.target} onClose={form.close} />
      <MergePartModal open={merging.open} part={merging.target} onClose={merging.close} />
      <DeleteConfirmModal
        open={deleting.open}
        name={deleting.target?.name ?? ''}
        title="Delete Part"
        onConfirm={() => remove.mutateAsync(deleting.target!.part_id)}
        onClose={deleting.close}
      />
    </section>
  );
}
