/** A generated report's new name: what the list and the downloaded file are called. */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Report } from '../../../../shared/reports/types.js';
import { Dialog } from '../../components/Dialog.js';
import { DialogFormActions, useDialogForm, type ServerTexts } from '../../components/DialogForm.js';
import { TextField } from '../../components/TextField.js';
import { MAX_REPORT_NAME } from '../../../../shared/reports/fileSchemas.js';
import { renameReport } from './requests.js';
import { reportFileTextKey } from './serverTexts.js';

const renameTexts: ServerTexts<'name'> = { fieldOf: (path) => (path?.endsWith('name') ? 'name' : null), keyOf: reportFileTextKey, fallback: 'reports.rename_refused' };

export function RenameDialog({ report, onClose, onRenamed }: { report: Report | null; onClose: () => void; onRenamed: () => void }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  return (
    <Dialog open={report !== null} onClose={onClose} labelledBy={`${ids}-title`}>
      {report ? (
        <>
          <h2 id={`${ids}-title`} className="dialog__title">
            {t('reports.rename_title')}
          </h2>
          <RenameForm key={report.id} report={report} onClose={onClose} onRenamed={onRenamed} />
        </>
      ) : null}
    </Dialog>
  );
}

function RenameForm({ report, onClose, onRenamed }: { report: Report; onClose: () => void; onRenamed: () => void }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  const [name, setName] = useState(report.name);
  const form = useDialogForm<'name'>('reports', renameTexts);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      form.show({ name: 'reports.name_required' });
      return;
    }
    form.send(
      () => renameReport(report.id, trimmed),
      (answer) => {
        toast.success(t('reports.renamed', { name: answer.report.name }));
        onRenamed();
      },
    );
  }

  return (
    <form ref={form.form} className="form" noValidate onSubmit={submit} data-testid="report-rename-form">
      <TextField
        id={`${ids}-name`}
        label={t('reports.name')}
        value={name}
        onChange={(value) => {
          form.changed();
          setName(value.slice(0, MAX_REPORT_NAME));
        }}
        error={form.textAt('name')}
        autoComplete="off"
        testId="report-rename-name"
      />
      <DialogFormActions formText={form.textAt('form')} closeLabel={t('reports.cancel')} submitLabel={[t('reports.save'), t('reports.saving')]} sending={form.sending} submitTestId="report-rename-save" onClose={onClose} />
    </form>
  );
}
