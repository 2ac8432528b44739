import { idNumberProblem, isValidRealName } from '../id-number';
import { NATIVE_TEXT } from '../native-text';
import { type BlockSpec, DISMISS_ACTION, type SheetSpec } from '../sheet-spec';
import type { SheetController } from './sheet-controller';

const TEXT = NATIVE_TEXT.realName;
export const REAL_NAME_ACTIONS = { submit: 'submit' } as const;
export const REAL_NAME_FIELDS = { name: 'name', idNumber: 'idNumber' } as const;

/** What a verified user entered. */
export interface RealNameIdentity {
  name: string;
  idNumber: string;
}

/** The real-name sheet: name and ID number, the privacy note, submit. */
export function realNameSheetSpec(id: string, mode: 'twoElement' | 'full', error?: string): SheetSpec {
  const blocks: BlockSpec[] = [
    { type: 'heading', text: TEXT.title, subtitle: mode === 'twoElement' ? TEXT.twoElement : TEXT.subtitle },
    {
      type: 'field',
      field: {
        name: REAL_NAME_FIELDS.name,
        label: TEXT.nameLabel,
        placeholder: TEXT.namePlaceholder,
        autocomplete: 'name',
        maxLength: 30,
      },
    },
    {
      type: 'field',
      field: {
        name: REAL_NAME_FIELDS.idNumber,
        label: TEXT.idLabel,
        placeholder: TEXT.idPlaceholder,
        autocomplete: 'off',
        maxLength: 18,
      },
    },
  ];
  if (error) blocks.push({ type: 'alert', text: error });
  blocks.push(
    { type: 'button', button: { action: REAL_NAME_ACTIONS.submit, label: TEXT.submit, style: 'primary' } },
    { type: 'text', text: TEXT.privacy, tone: 'small' },
  );
  return { id, kind: 'realName', title: TEXT.title, closeLabel: NATIVE_TEXT.close, blocks };
}

/** The error to show for what was entered, or null when it passes the checks. */
export function realNameError(name: string, idNumber: string): string | null {
  if (!isValidRealName(name)) return TEXT.invalidName;
  const problem = idNumberProblem(idNumber);
  if (problem === 'checksum') return TEXT.invalidChecksum;
  return problem ? TEXT.invalidId : null;
}

/** Finishes with the identity when it is valid (a real 18-character ID with its checksum), null when closed. */
export function createRealNameSheet(mode: 'twoElement' | 'full'): SheetController<RealNameIdentity> {
  return {
    kind: 'realName',
    start: (ui) => ui.render(realNameSheetSpec(ui.id, mode)),
    async onAction({ action, values }, ui) {
      if (action === DISMISS_ACTION) return ui.finish(null);
      if (action !== REAL_NAME_ACTIONS.submit) return;
      const name = (values[REAL_NAME_FIELDS.name] ?? '').trim();
      const idNumber = (values[REAL_NAME_FIELDS.idNumber] ?? '').trim().toUpperCase();
      const error = realNameError(name, idNumber);
      if (error) return ui.render(realNameSheetSpec(ui.id, mode, error));
      await ui.finish({ name, idNumber });
    },
  };
}
