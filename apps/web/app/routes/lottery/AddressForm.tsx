import type { LotteryAddress, LotteryInfo } from '@h5/contract';
import { useState } from 'react';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { useAction } from '../../lib/use-action';
import { TextField } from '../../shell/Field';
import styles from '../../shell/lottery/lottery.module.css';
import shell from '../../shell/screen.module.css';
import { RegionPicker } from './RegionPicker';

const EMPTY: LotteryAddress = { name: '', mobile: '', region: '', street: '' };
const ADDRESS_FIELDS = Object.keys(EMPTY);

/** A winner's address: the first submit (addr-submit) or a change before shipping (addr-update). */
export function AddressForm({
  lotteryId,
  current,
  onDone,
  onCancel,
}: {
  lotteryId: number;
  current: LotteryAddress | null;
  onDone: (info: LotteryInfo, note: string) => void;
  onCancel?: () => void;
}) {
  const [address, setAddress] = useState<LotteryAddress>(current ?? EMPTY);
  const updating = current !== null;
  const save = useAction(updating ? 'lottery.addrUpdate' : 'lottery.addrSubmit', {
    fields: ADDRESS_FIELDS,
    onDone: (info) => onDone(info, updating ? text.updated : text.submitted),
  });
  const set = (field: keyof LotteryAddress) => (value: string) => setAddress({ ...address, [field]: value });
  const input = (field: 'name' | 'mobile' | 'street', extra: Record<string, string> = {}) => (
    <TextField
      label={text[field]}
      error={save.fieldErrors[field]}
      errorTestId={`error-${field}`}
      name={field}
      value={address[field]}
      onChange={(event) => set(field)(event.currentTarget.value)}
      {...extra}
    />
  );
  return (
    <form
      className={styles.form}
      noValidate
      data-testid="lottery-address-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run({ lotteryId, ...address });
      }}
    >
      {input('name', { autoComplete: 'name' })}
      {input('mobile', { inputMode: 'numeric', autoComplete: 'tel', maxLength: '11' })}
      {/* Three selects, each with its own name (RegionPicker): not one label. */}
      <div className={shell.field}>
        <span className={shell.label}>{text.region}</span>
        <RegionPicker value={address.region} onChange={set('region')} />
        {save.fieldErrors.region ? (
          <span className={shell.error} role="alert" data-testid="error-region">
            {save.fieldErrors.region}
          </span>
        ) : null}
      </div>
      {input('street', { placeholder: text.streetPlaceholder, autoComplete: 'street-address' })}
      {save.error ? (
        <p className={shell.error} role="alert" data-testid="lottery-error">
          {save.error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        {onCancel ? (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            {text.cancel}
          </button>
        ) : null}
        <button
          type="submit"
          className={styles.primary}
          disabled={save.busy}
          data-testid="lottery-address-submit"
        >
          {save.busy ? text.saving : updating ? text.update : text.submit}
        </button>
      </div>
    </form>
  );
}
