import { brokenLinksQuery, type BrokenLink } from '@battledeck/shared/contract';
import { Pagination, totalPages, useLastPageBeyondEnd, useListState, usePageTitle } from '@battledeck/shared/ui';
import { DeleteConfirmModal } from '@battledeck/shared/widgets';
import table from '../../../components/admin-table.module.css';
import { PageHeader } from '../../../components/page-header';
import { useDialogTarget } from '../../../hooks/use-dialog-target';
import { useBrokenLinks } from '../api/get-broken-links';
import { useRemoveStoreLink } from '../api/remove-store-link';
import { BrokenLinksTable } from './broken-links-table';
import { FixLinkModal } from './fix-link-modal';
import { LINK_TEXT } from './link-texts';
import styles from './store-links.module.css';

const LIST_DEFAULTS = { pageNumber: 1, resultsPerPage: 10 } as const;

/** /admin/store_links (issue 20 item 5; admins only): broken store links, with Fix and Remove. */
export default function StoreLinksPage() {
  usePageTitle('Store Links Admin');
  const [state, update] = useListState(brokenLinksQuery, LIST_DEFAULTS);
  const links = useBrokenLinks(state);
  const fixing = useDialogTarget<BrokenLink>();
  const removing = useDialogTarget<BrokenLink>();
  const remove = useRemoveStoreLink();
  // Fixing or removing the last row of the last page leaves that page past the end (decision 3).
  useLastPageBeyondEnd(state, links.data?.total, update);

  const rows = links.data?.links ?? [];
  const total = links.data?.total ?? 0;
  return (
    <section aria-labelledby="store-links-heading">
      <PageHeader id="store-links-heading" title={LINK_TEXT.title} />
      <p className={styles.intro}>{LINK_TEXT.intro}</p>
      {links.isError ? (
        <p role="alert" className={table.error}>
          {LINK_TEXT.failed}
        </p>
      ) : (
        <>
          <p className={table.summary} role="status">
            {links.data ? LINK_TEXT.viewing(rows.length, total) : LINK_TEXT.loading}
          </p>
          <BrokenLinksTable links={rows} loading={links.isFetching} onFix={fixing.show} onRemove={removing.show} />
          <div className={table.pager}>
            <Pagination page={state.pageNumber} pages={totalPages(total, state.resultsPerPage)} onChange={(pageNumber) => update({ pageNumber })} label="Broken link pages" />
          </div>
        </>
      )}
      <FixLinkModal open={fixing.open} link={fixing.target} onClose={fixing.close} />
      <DeleteConfirmModal
        open={removing.open}
        name={removing.target ? LINK_TEXT.linkName(removing.target) : ''}
        title={LINK_TEXT.removeTitle}
        onConfirm={() => remove.mutateAsync({ partId: removing.target!.part_id, storeId: removing.target!.store_id })}
        onClose={removing.close}
      />
    </section>
  );
}
