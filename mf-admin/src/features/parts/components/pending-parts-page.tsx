import { CheckCircleOutlined, CheckOutlined, ClockCircleOutlined, CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import type { PendingPart } from '@battledeck/shared/contract';
import { absoluteDate, relativeTime } from '@battledeck/shared/format';
import { usePageTitle } from '@battledeck/shared/ui';
import { DeleteConfirmModal } from '@battledeck/shared/widgets';
import { App, Button, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { ACTIONS_COLUMN, ACTIONS_TABLE_PROPS } from '../../../components/row-actions';
import { useDialogTarget } from '../../../hooks/use-dialog-target';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import table from '../../../components/admin-table.module.css';
import { ADMIN_TEXT } from '../../../lib/messages';
import { useDeletePendingPart } from '../api/delete-pending-part';
import { usePendingParts } from '../api/get-pending-parts';
import { useUpdatePendingStatus } from '../api/update-pending-status';
import { useCopyText } from '../hooks/use-copy-text';
import { PartFormModal, type PartFormTarget } from './part-form-modal';
import styles from './pending-parts-page.module.css';

/** A control inside a clickable row does its own thing only. */
const stop = (action: () => unknown) => (event: MouseEvent) => {
  event.stopPropagation();
  void action();
};

function StatusTag({ request }: { request: PendingPart }) {
  return (
    <Tag icon={request.status === 'pending' ? <ClockCircleOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}>
      {request.status === 'pending' ? 'Pending' : 'Approved'}
    </Tag>
  );
}

/** /admin/pending_parts: part requests; a pending one opens the part form, prefilled, to add and approve it. */
export default function PendingPartsPage() {
  usePageTitle('Pending Parts Admin');
  const requests = usePendingParts();
  const form = useDialogTarget<PartFormTarget>();
  const deleting = useDialogTarget<PendingPart>();
  const remove = useDeletePendingPart();
  const setStatus = useUpdatePendingStatus();
  const copy = useCopyText();
  const { message } = App.useApp();
  const narrow = useNarrowScreen();

  const open = (request: PendingPart) => request.status === 'pending' && form.show({ kind: 'request', request });
  const copyRequest = async (request: PendingPart) => {
    const ok = await copy(`${request.name}\n${request.url}`);
    if (ok) message.success(ADMIN_TEXT.copied);
    else message.error(ADMIN_TEXT.copyFailed);
  };
  const approve = (request: PendingPart) =>
    setStatus.mutate(
      { requestId: request.part_id, status: 'approved' },
      { onError: () => message.error(`Unable to update ${request.name}. Please try again later.`) },
    );

  const columns: TableColumnsType<PendingPart> = [
    {
      key: 'name',
      title: 'Name',
      render: (_, request) => (
        <>
          {request.status === 'pending' ? (
            <button
              type="button"
              className={table.nameButton}
              onClick={(event) => {
                event.stopPropagation();
                open(request);
              }}
              aria-label={`Add ${request.name} as a part`}
            >
              {request.name}
            </button>
          ) : (
            <span>{request.name}</span>
          )}
          <span className={table.muted}>
            {request.username ? `by ${request.username}, ` : ''}
            <time dateTime={request.created_date} title={absoluteDate(request.created_date)}>
              {relativeTime(request.created_date)}
            </time>
          </span>
          {request.likely_parts && request.likely_parts.length > 0 && (
            // Computed by the server (decision 021): the existing parts this request looks like.
            <span className={styles.likely}>
              {/* The default tag: antd's warning colours fall short of AA contrast on their own background. */}
              <Tag className={styles.likelyTag}>
                Likely duplicate
              </Tag>
              <span>Looks like an existing part: </span>
              {request.likely_parts.map((part, i) => (
                <span key={part.part_id}>
                  {i > 0 && ', '}
                  <Link to={`/parts/view/${part.part_id}`} onClick={(e) => e.stopPropagation()}>
                    {part.name}
                  </Link>
                </span>
              ))}
            </span>
          )}
          {narrow && (
            <span className={styles.phoneStatus}>
              <StatusTag request={request} />
            </span>
          )}
        </>
      ),
    },
    {
      key: 'url',
      title: 'URL',
      // On phones the link gives way to the status and the actions (Copy still has it).
      responsive: ['sm'],
      render: (_, request) => (
        <a href={request.url} target="_blank" rel="noopener noreferrer" className={styles.url} onClick={(e) => e.stopPropagation()}>
          {request.url}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ),
    },
    // On a phone the status joins the name's cell, which keeps the width to read the request by.
    ...(narrow ? [] : ([{ key: 'status', title: 'Status', width: 110, render: (_, request) => <StatusTag request={request} /> }] satisfies TableColumnsType<PendingPart>)),
    {
      ...ACTIONS_COLUMN,
      width: 120,
      render: (_, request) => (
        <div className={table.rowActions}>
          <Tooltip title="Copy the name and link">
            <Button type="text" icon={<CopyOutlined aria-hidden />} aria-label={`Copy ${request.name} and its link`} onClick={stop(() => copyRequest(request))} />
          </Tooltip>
          {request.status === 'pending' && (
            <Tooltip title="Mark approved (the part already exists)">
              <Button
                type="text"
                icon={<CheckOutlined aria-hidden />}
                aria-label={`Mark ${request.name} approved`}
                loading={setStatus.isPending && setStatus.variables?.requestId === request.part_id}
                onClick={stop(() => approve(request))}
              />
            </Tooltip>
          )}
          <Tooltip title="Delete the request">
            <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Delete the request ${request.name}`} onClick={stop(() => deleting.show(request))} />
          </Tooltip>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="pending-heading">
      <PageHeader id="pending-heading" title="Pending Parts" />
      {requests.isError ? (
        <p role="alert" className={table.error}>
          {ADMIN_TEXT.pendingFailed}
        </p>
      ) : (
        <Table<PendingPart>
          rowKey="part_id"
          columns={columns}
          dataSource={requests.data ?? []}
          loading={requests.isPending}
          pagination={false}
          size="middle"
          {...ACTIONS_TABLE_PROPS}
          locale={{ emptyText: <p className={table.message}>{ADMIN_TEXT.noPending}</p> }}
          rowClassName={(request) => (request.status === 'pending' ? table.clickableRow : '')}
          onRow={(request) => ({ onClick: () => open(request) })}
        />
      )}
      <PartFormModal open={form.open} target={form.target} onClose={form.close} />
      <DeleteConfirmModal
        open={deleting.open}
        name={deleting.target?.name ?? ''}
        title="Delete Part Request"
        onConfirm={() => remove.mutateAsync(deleting.target!.part_id)}
        onClose={deleting.close}
      />
    </section>
  );
}
