import { translate, type WorkerGroup } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { type GroupSave, useSaveGroup } from '../../hooks/use-workers';
import { GROUP_PHOTO_MESSAGE, groupPhotoProblem } from '../../lib/group-photo';
import { buttonClass } from '../ui/button';
import { DialogForm } from '../ui/form-dialog';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';

/** Create a group (no `group`) or edit one: name and an optional PNG/JPG photo up to 2 MB. */
export function GroupDialog({
  open,
  group,
  onClose,
}: {
  open: boolean;
  group: WorkerGroup | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workers');
  // The form lives inside the dialog, which unmounts it when closed: each opening starts afresh.
  return (
    <Modal open={open} onClose={onClose} title={t(group ? 'groups.editTitle' : 'groups.createTitle')}>
      <GroupForm group={group} onClose={onClose} />
    </Modal>
  );
}

function GroupForm({ group, onClose }: { group: WorkerGroup | null; onClose: () => void }) {
  const { t } = useTranslation(['workers', 'shared']);
  const lang = useLang();
  const [name, setName] = useState(group?.name ?? '');
  const [photo, setPhoto] = useState<GroupSave['photo']>(undefined);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const save = useSaveGroup(onClose);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = groupPhotoProblem(file);
    setPhotoError(problem ? translate(GROUP_PHOTO_MESSAGE[problem], lang) : null);
    setPhoto(problem ? undefined : file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || photoError) return;
    save.mutate({ ...(group ? { id: group.id } : {}), name: name.trim(), ...(photo ? { photo } : {}) });
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={save.isPending ? t('shared:saving') : t(group ? 'shared:save' : 'groups.create')}
      pending={save.isPending}
      disabled={!name.trim() || !!photoError}
    >
      <TextField
        label={t('groups.name')}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <PhotoField
        error={photoError}
        chosen={photo instanceof File ? photo.name : null}
        canRemove={!!group?.photo_url && photo !== 'remove'}
        onChoose={choose}
        onRemove={() => setPhoto('remove')}
      />
    </DialogForm>
  );
}

function PhotoField({
  error,
  chosen,
  canRemove,
  onChoose,
  onRemove,
}: {
  error: string | null;
  chosen: string | null;
  canRemove: boolean;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('workers');
  return (
    <div className="flex flex-col gap-1.5">
      <span id="group-photo-label" className="text-sm font-medium text-zinc-300">
        {t('groups.photo')}
      </span>
      {/* The browser's own file button speaks the browser's language; ours speaks the panel's. */}
      <input
        id="group-photo"
        data-testid="group-photo-input"
        type="file"
        accept="image/png,image/jpeg"
        aria-labelledby="group-photo-label"
        aria-invalid={error ? true : undefined}
        aria-describedby="group-photo-hint"
        onChange={(e) => {
          onChoose(e.target.files?.[0]);
          // Choosing the same file again after a refusal still reports a change.
          e.target.value = '';
        }}
        className="peer sr-only"
      />
      <label
        htmlFor="group-photo"
        className={buttonClass(
          'secondary',
          'cursor-pointer self-start peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-400',
        )}
      >
        {t('groups.choosePhoto')}
      </label>
      <p id="group-photo-hint" className="text-xs text-zinc-500">
        {chosen ? t('groups.photoChosen', { name: chosen }) : t('groups.photoHint')}
      </p>
      {error ? (
        <p role="alert" className="text-xs text-red-400" data-field-error>
          {error}
        </p>
      ) : null}
      {canRemove ? (
        <button type="button" onClick={onRemove} className="self-start text-xs text-red-300 hover:underline">
          {t('groups.removePhoto')}
        </button>
      ) : null}
    </div>
  );
}
