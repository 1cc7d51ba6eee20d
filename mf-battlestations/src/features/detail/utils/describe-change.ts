import type { HistoryField, StationChange } from '@battledeck/shared/contract';

const FIELD_NAMES: Record<HistoryField, string> = {
  name: 'title',
  description: 'description',
  instagram_url: 'Instagram link',
  reddit_url: 'Reddit link',
};

const counted = (count: number, one: string, many: string) => (count === 1 ? one : `${count} ${many}`);

function describeField(change: Extract<StationChange, { kind: 'field' }>): string {
  const field = FIELD_NAMES[change.field];
  if (change.to === null) return `Removed the ${field}`;
  return change.to === undefined ? `Changed the ${field}` : `Changed the ${field} to “${change.to}”`;
}

/** One change of a station's history in plain words ("Added 2 parts: X, Y", "Reordered photos"). */
export function describeChange(change: StationChange): string {
  switch (change.kind) {
    case 'created':
      return 'Created this battlestation';
    case 'field':
      return describeField(change);
    case 'parts_added':
      return `Added ${counted(change.parts.length, 'a part', 'parts')}: ${change.parts.map((part) => part.name).join(', ')}`;
    case 'parts_removed':
      return `Removed ${counted(change.parts.length, 'a part', 'parts')}: ${change.parts.map((part) => part.name).join(', ')}`;
    case 'photos_added':
      return `Added ${counted(change.count, 'a photo', 'photos')}`;
    case 'photos_removed':
      return `Removed ${counted(change.count, 'a photo', 'photos')}`;
    case 'photos_reordered':
      return 'Reordered photos';
    case 'hotspots_changed':
      return 'Updated the part markers on the photos';
    case 'visibility':
      return change.is_public ? 'Made public' : 'Made private';
  }
}
