import type { BattlestationCard } from '@battledeck/shared/contract';
import { userPath } from '@battledeck/shared/format';
import type { TableColumnType } from 'antd';
import { Link } from 'react-router-dom';
import { StationLink } from './station-link';
import { StationThumbnail } from './station-thumbnail';
import styles from './station-table.module.css';

type Column = TableColumnType<BattlestationCard>;

/** Column headers of icon-only columns are there for screen readers. */
export const hiddenTitle = (text: string) => <span className="visually-hidden">{text}</span>;

export function thumbnailColumn(): Column {
  return {
    key: 'thumbnail',
    title: hiddenTitle('Photo'),
    className: styles.photo,
    render: (_value, station) => <StationThumbnail thumbnail={station.thumbnail} isPrivate={station.is_public === 0} />,
  };
}

export function nameColumn(options: { showCreator?: boolean; showFavorites?: boolean } = {}): Column {
  return {
    key: 'name',
    title: 'Name',
    render: (_value, station) => <StationLink station={station} {...options} />,
  };
}

/** The station's creator, linking to their people page (hidden on phones, where the name cell says 'by: …'). */
export function creatorColumn(): Column {
  return {
    key: 'username',
    dataIndex: 'username',
    title: 'Creator',
    className: `${styles.creator} ${styles.count}`,
    render: (username: string) => <Link to={userPath(username)}>{username}</Link>,
  };
}

export function countColumn(key: 'image_count' | 'part_count' | 'favorites', title: string): Column {
  return { key, dataIndex: key, title, align: 'right', className: styles.count };
}

export const TABLE_PAGINATION = { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false } as const;
