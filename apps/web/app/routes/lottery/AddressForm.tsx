import type { LotteryAddress, LotteryInfo } from '@h5/contract';
import { useState } from 'react';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { useApi } from '../../lib/use-api';
import { useFormCall } from '../../lib/use-form-call';
import styles from '../../shell/lottery/lottery.module.css';
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
  const api = useApi();
  const [address, setAddress] = useState<LotteryAddress>(current ?? EMPTY);
  const updating = current !== null;
  const form = useFormCall<LotteryInfo>(
    (info) => onDone(info, updating ? text.updated : text.submitted),
    ADDRESS_FIELDS,
  );
  const set = (field: keyof LotteryAddress) => (value: string) => setAddress({ ...address, [field]: value });
  const fieldError = (field: string) =>
    form.error?.field === field ? (
      <span className={styles.error} role="alert" data-testid={`error-${field}`}>
        {form.error.message}
      </span>
    ) : null;
  const input = (field: 'name' | 'mobile' | 'street', extra: Record<string, string> = {}) => (
    <label className={styles.field}>
      <span className={styles.label}>{text[field]}</span>
      <input
        className={styles.input}
        name={field}
        value={address[field]}
        onChange={(event) => set(field)(event.currentTarget.value)}
        aria-invalid={form.error?.field === field}
        {...extra}
      />
      {fieldError(field)}
    </label>
  );
  return (
    <form
      className={styles.form}
      noValidate
      data-testid="lottery-address-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.run(() =>
          api(
            updating ? 'lottery.addrUpdate' : 'lottery.addrSubmit',
            { lotteryId, ...address },
            {
              errorToast: false,
            },
          ),
        );
      }}
    >
      {input('name', { autoComplete: 'name' })}
      {input('mobile', { inputMode: 'numeric', autoComplete: 'tel', maxLength: '11' })}
      <div className={styles.field}>
        <span className={styles.label}>{text.region}</span>
        <RegionPicker value={address.region} onChange={set('region')} />
        {fieldError('region')}
      </div>
      {input('street', { placeholder: text.streetPlaceholder, autoComplete: 'street-address' })}
      {form.error?.field === '' ? (
        <p className={styles.error} role="alert" data-testid="lottery-error">
          {form.error.message}
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
          disabled={form.busy}
          data-testid="lottery-address-submit"
        >
          {form.busy ? text.saving : updating ? text.update : text.submit}
        </button>
      </div>
    </form>
  );
}
