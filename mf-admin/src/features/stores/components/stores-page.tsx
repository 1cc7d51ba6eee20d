import { PlusOutlined } from '@ant-design/icons';
import { storesQuery, STORE_PAGE_SIZES, type Store } from '@battledeck/shared/contract';
import { Pagination, totalPages, useLastPageBeyondEnd, useListState, usePageTitle } from '@battledeck/shared/ui';
import { DeleteConfirmModal } from '@battledeck/shared/widgets';
import { Button } from 'antd';
import { ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { useDialogTarget } from '../../../hooks/use-dialog-target';
import table from '../../../components/admin-table.module.css';
import { ADMIN_TEXT } from '../../../lib/messages';
import { useDeleteStore } from '../api/delete-store';
import { useStoreCount } from '../api/get-store-count';
import { useStores } from '../api/get-stores';
import { StoreFormModal } from './store-form-modal';
import { StoresTable } from './stores-table';

const LIST_DEFAULTS = { pageNumber: 1, resultsPerPage: 10, sortBy: 'name', direction: 'asc', searchTerm: undefined } as const;

/** /admin/stores (SPEC "Admin area" → Stores; admins only). */
export default function StoresPage() {
  usePageTitle('Stores Admin');
  const [state, update] = useListState(storesQuery, LIST_DEFAULTS);
  const stores = useStores(state);
  const count = useStoreCount();
  const editing = useDialogTarget<{ store: Store | null }>();
  const deleting = useDialogTarget<Store>();
  const remove = useDeleteStore();
  useLastPageBeyondEnd(state, stores.data?.total, update);

  const rows = stores.data?.stores ?? [];
  const pages = totalPages(stores.data?.total ?? 0, state.resultsPerPage);
  return (
    <section aria-labelledby="stores-heading">
      <PageHeader
        id="stores-heading"
        title="Stores"
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editing.show({ store: null })} aria-label="New store">
            New
          </Button>
        }
      />
      <ListToolbar
        searchLabel="Search stores"
        searchTerm={state.searchTerm}
        onSearch={(searchTerm) => update({ searchTerm })}
        pageSize={state.resultsPerPage}
        pageSizes={STORE_PAGE_SIZES}
        onPageSize={(resultsPerPage) => update({ resultsPerPage })}
      />
      {stores.isError ? (
        <p role="alert" className={table.error}>
          {ADMIN_TEXT.storesFailed}
        </p>
      ) : (
        <>
          <p className={table.summary} role="status">
            {stores.data ? ADMIN_TEXT.viewingStores(rows.length, count.data?.total) : ADMIN_TEXT.loading}
          </p>
          <StoresTable
            stores={rows}
            loading={stores.isFetching}
            sort={{ sortBy: state.sortBy, direction: state.direction }}
            onSort={(sort) => update(sort)}
            onEdit={(store) => editing.show({ store })}
            onDelete={deleting.show}
          />
          <div className={table.pager}>
            <Pagination page={state.pageNumber} pages={pages} onChange={(pageNumber) => update({ pageNumber })} label="Stores pages" />
          </div>
        </>
      )}
      <StoreFormModal open={editing.open} store={editing.target?.store ?? null} onClose={editing.close} />
      <DeleteConfirmModal
        open={deleting.open}
        name={deleting.target?.name ?? ''}
        title="Delete Store"
        onConfirm={() => remove.mutateAsync(deleting.target!.store_id)}
        onClose={deleting.close}
      />
    </section>
  );
}
