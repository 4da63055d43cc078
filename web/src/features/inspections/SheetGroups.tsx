import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_STATUS, type ItemStatus, type SheetAttachment, type SheetGroup } from '../../../../shared/inspections/inspections.js';
import type { DraftAction } from './sheetDraft.js';
import { statusCounts, statusName, type StatusName } from './sheetDraft.js';

/** Status buttons in the order a technician reads a condition: not applicable, then good to bad. */
const STATUS_BUTTONS: readonly ItemStatus[] = [ITEM_STATUS.NA, ITEM_STATUS.GREEN, ITEM_STATUS.YELLOW, ITEM_STATUS.RED];

export interface ItemUpload {
  id: string;
  name: string;
  /** 0..1 */
  fraction: number;
}

export const itemKey = (group: string, item: string) => `${group}\u0000${item}`;

export function SheetGroups({
  groups,
  attachments,
  uploads,
  editable,
  dispatch,
  onFiles,
  onOpenAttachment,
  onMediaError,
}: {
  groups: SheetGroup[];
  /** The photos and videos still on the sheet (removed ones left out). */
  attachments: SheetAttachment[];
  uploads: ReadonlyMap<string, ItemUpload[]>;
  editable: boolean;
  dispatch: (action: DraftAction) => void;
  onFiles: (group: string, item: string, files: File[]) => void;
  onOpenAttachment: (attachmentId: string) => void;
  /** A thumbnail did not load: its signed address has probably run out (they last an hour). */
  onMediaError: () => void;
}) {
  return (
    <div className="mpi-groups">
      {groups.map((group, g) => (
        <GroupSection
          key={group.name}
          group={group}
          index={g}
          attachments={attachments}
          uploads={uploads}
          editable={editable}
          dispatch={dispatch}
          onFiles={onFiles}
          onOpenAttachment={onOpenAttachment}
          onMediaError={onMediaError}
        />
      ))}
    </div>
  );
}

function GroupSection({
  group,
  index,
  attachments,
  uploads,
  editable,
  dispatch,
  onFiles,
  onOpenAttachment,
  onMediaError,
}: {
  group: SheetGroup;
  index: number;
  attachments: SheetAttachment[];
  uploads: ReadonlyMap<string, ItemUpload[]>;
  editable: boolean;
  dispatch: (action: DraftAction) => void;
  onFiles: (group: string, item: string, files: File[]) => void;
  onOpenAttachment: (attachmentId: string) => void;
  onMediaError: () => void;
}) {
  const { t } = useTranslation('inspections');
  const counts = statusCounts(group.items);
  const checked = group.items.length - counts.unset;
  return (
    <details className="mpi-group" open data-testid="mpi-group" data-group={group.name}>
      <summary className="mpi-group__summary">
        <span className="mpi-group__name">{group.name}</span>
        <span className="mpi-group__counts">
          <span className="mpi-group__progress">{t('mpi.group_progress', { done: checked, total: group.items.length })}</span>
          {(['red', 'yellow', 'green', 'na'] as const).map((name) =>
            counts[name] ? (
              <span key={name} className={`mpi-count-dot mpi-count-dot--${name}`} title={t(`mpi_status.${name}`)}>
                <span aria-hidden="true">{counts[name]}</span>
                <span className="visually-hidden">
                  {t(`mpi_status.${name}`)}: {counts[name]}
                </span>
              </span>
            ) : null,
          )}
        </span>
      </summary>
      <ul className="mpi-items">
        {group.items.map((item, i) => (
          <ItemRow
            key={item.name}
            groupName={group.name}
            groupIndex={index}
            itemIndex={i}
            item={item}
            attachments={attachments.filter((a) => a.group === group.name && a.item === item.name)}
            uploads={uploads.get(itemKey(group.name, item.name)) ?? []}
            editable={editable}
            dispatch={dispatch}
            onFiles={onFiles}
            onOpenAttachment={onOpenAttachment}
            onMediaError={onMediaError}
          />
        ))}
      </ul>
    </details>
  );
}

function ItemRow({
  groupName,
  groupIndex,
  itemIndex,
  item,
  attachments,
  uploads,
  editable,
  dispatch,
  onFiles,
  onOpenAttachment,
  onMediaError,
}: {
  groupName: string;
  groupIndex: number;
  itemIndex: number;
  item: SheetGroup['items'][number];
  attachments: SheetAttachment[];
  uploads: ItemUpload[];
  editable: boolean;
  dispatch: (action: DraftAction) => void;
  onFiles: (group: string, item: string, files: File[]) => void;
  onOpenAttachment: (attachmentId: string) => void;
  onMediaError: () => void;
}) {
  const { t } = useTranslation('inspections');
  const ids = useId();
  const current: StatusName | 'unset' = item.dmg === null ? 'unset' : statusName(item.dmg);

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length) onFiles(groupName, item.name, files);
  }

  return (
    <li className={`mpi-item mpi-item--${current}`} data-testid="mpi-item" data-item={item.name} data-status={current}>
      <div className="mpi-item__head">
        <span className="mpi-item__name" id={`${ids}-name`}>
          {item.name}
        </span>
        <div className="mpi-status" role="group" aria-labelledby={`${ids}-name`}>
          {STATUS_BUTTONS.map((status) => {
            const name = statusName(status);
            const pressed = item.dmg === status;
            return (
              <button
                key={name}
                type="button"
                className={`mpi-status__button mpi-status__button--${name}`}
                aria-pressed={pressed}
                disabled={!editable}
                data-testid={`mpi-status-${name}`}
                // Pressing the chosen condition again clears it (a slip of the finger on a tablet).
                onClick={() => dispatch({ type: 'status', group: groupIndex, item: itemIndex, status: pressed ? null : status })}
              >
                {t(`mpi_status.${name}`)}
              </button>
            );
          })}
        </div>
      </div>
      {editable || item.comment || attachments.length || uploads.length ? (
      <div className="mpi-item__body">
        {editable ? (
          <input
            type="text"
            className="mpi-item__comment"
            value={item.comment}
            maxLength={1600}
            placeholder={t('mpi.item_comment_placeholder')}
            aria-label={t('mpi.item_comment_label', { item: item.name })}
            data-testid="mpi-item-comment"
            onChange={(event) => dispatch({ type: 'comment', group: groupIndex, item: itemIndex, comment: event.target.value })}
          />
        ) : item.comment ? (
          <p className="mpi-item__comment-text" data-testid="mpi-item-comment-text">
            {item.comment}
          </p>
        ) : null}
        <div className="mpi-item__media">
          {attachments.map((attachment) => (
            <Thumbnail key={attachment.id} attachment={attachment} onOpen={() => onOpenAttachment(attachment.id)} onError={onMediaError} />
          ))}
          {uploads.map((upload) => (
            <span key={upload.id} className="mpi-upload" data-testid="mpi-upload" title={upload.name}>
              <progress max={1} value={upload.fraction} aria-label={t('mpi.uploading', { name: upload.name })} />
            </span>
          ))}
          {editable ? (
            <label className="button mpi-touch mpi-item__add-media">
              {t('mpi.add_media')}
              <input type="file" accept="image/*,video/*" multiple className="visually-hidden" data-testid="mpi-item-file" onChange={picked} />
            </label>
          ) : null}
        </div>
      </div>
      ) : null}
    </li>
  );
}

export function Thumbnail({ attachment, onOpen, onError }: { attachment: SheetAttachment; onOpen: () => void; onError: () => void }) {
  const { t } = useTranslation('inspections');
  // A video without a browser-made frame has no picture to show: its thumbnail is the video itself.
  const picture = attachment.kind === 'photo' || attachment.metadata.thumb !== attachment.metadata.orig;
  return (
    <button
      type="button"
      className={`mpi-thumb${attachment.verdict === 'disapproved' ? ' mpi-thumb--disapproved' : ''}`}
      data-testid="mpi-attachment"
      data-attachment-id={attachment.id}
      data-kind={attachment.kind}
      aria-label={t('mpi.open_attachment', { name: attachment.name })}
      onClick={onOpen}
    >
      {picture ? <img src={attachment.metadata.thumb} alt="" loading="lazy" onError={onError} /> : <span className="mpi-thumb__video" aria-hidden="true">▶</span>}
      {attachment.kind === 'video' && picture ? (
        <span className="mpi-thumb__badge" aria-hidden="true">
          ▶
        </span>
      ) : null}
    </button>
  );
}
