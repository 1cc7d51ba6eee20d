import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { BrokenLink } from '@battledeck/shared/contract';
import { Button, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { ACTIONS_COLUMN, ACTIONS_TABLE_PROPS } from '../../../components/row-actions';
import table from '../../../components/admin-table.module.css';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { checkedAt, lastResult, LINK_TEXT } from './link-texts';
import styles from './store-links.module.css';

export interface BrokenLinksTableProps {
  links: BrokenLink[];
  loading: boolean;
  onFix: (link: BrokenLink) => void;
  onRemove: (link: BrokenLink) => void;
}

const rowKey = (link: BrokenLink) => `${link.part_id}-${link.store_id}`;

/** Broken links: part (its public page) and store, the failing URL, the last result and when, Fix and Remove. */
/** The failing address, in a new tab. */
function FailingUrl({ link }: { link: BrokenLink }) {
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" className={styles.url}>
      {link.url}
      <span className="visually-hidden"> {LINK_TEXT.newTab}</span>
    </a>
  );
}

/** What the last check found, and when. */
function LastCheck({ link }: { link: BrokenLink }) {
  return (
    <span className={styles.check}>
      <span>{lastResult(link)}</span>
      <time dateTime={link.last_checked_at} className={table.muted}>
        {checkedAt(link.last_checked_at)}
      </time>
    </span>
  );
}

/**
 * Broken links: part (its public page) and store, the failing URL, the last result and when, Fix and Remove.
 * On a phone the URL and the last check join the part's cell, so Fix and Remove stay in sight without
 * scrolling the table sideways.
 */
export function BrokenLinksTable({ links, loading, onFix, onRemove }: BrokenLinksTableProps) {
  const narrow = useNarrowScreen();
  const columns: TableColumnsType<BrokenLink> = [
    {
      key: 'part',
      title: 'Part and store',
      render: (_, link) => (
        <span className={styles.check}>
          <Link to={`/parts/view/${link.part_id}`}>{link.part_name}</Link>
          <span className={table.muted}>{link.store_name}</span>
          {narrow && (
            <>
              <FailingUrl link={link} />
              <LastCheck link={link} />
            </>
          )}
        </span>
      ),
    },
    ...(narrow
      ? []
      : ([
          { key: 'url', title: 'URL', render: (_, link) => <FailingUrl link={link} /> },
          { key: 'check', title: 'Last check', render: (_, link) => <LastCheck link={link} /> },
        ] satisfies TableColumnsType<BrokenLink>)),
    {
      ...ACTIONS_COLUMN,
      render: (_, link) => (
        <div className={styles.actions}>
          <Button icon={<EditOutlined aria-hidden />} onClick={() => onFix(link)} aria-label={`Fix ${LINK_TEXT.linkName(link)}`}>
            Fix
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => onRemove(link)} aria-label={`Remove ${LINK_TEXT.linkName(link)}`}>
            Remove
          </Button>
        </div>
      ),
    },
  ];
  return (
    <Table<BrokenLink>
      rowKey={rowKey}
      columns={columns}
      dataSource={links}
      loading={loading}
      pagination={false}
      size="middle"
      {...ACTIONS_TABLE_PROPS}
      locale={{ emptyText: <p className={table.message}>{LINK_TEXT.empty}</p> }}
    />
  );
}
