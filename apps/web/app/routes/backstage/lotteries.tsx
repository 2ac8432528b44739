import type { LotteryEntryRule, LotteryOps } from '@h5/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BACKSTAGE_TEXT } from '../../lib/ui-text/backstage';
import { LOTTERY_OPS_TEXT as text } from '../../lib/ui-text/backstage-ops';
import { useAction } from '../../lib/use-action';
import styles from './ui/backstage.module.css';
import type { Column } from './ui/DataTable';
import { PagedTable } from './ui/PagedTable';
import { RolePage } from './ui/RolePage';
import { optionsOf, SelectField } from './ui/SelectField';
import { usePages } from './ui/use-pages';

const localTime = (at: string) => new Date(at).toLocaleString('zh-CN');

const columns: readonly Column<LotteryOps>[] = [
  { key: 'id', title: text.columns.id, cell: (l) => l.lotteryId },
  { key: 'stream', title: text.columns.stream, cell: (l) => l.streamId },
  { key: 'host', title: text.columns.host, cell: (l) => `${l.host.userName}（${l.host.userId}）` },
  { key: 'prize', title: text.columns.prize, cell: (l) => `${l.prize} × ${l.quantity}` },
  { key: 'drawAt', title: text.columns.drawAt, cell: (l) => localTime(l.drawAt) },
  {
    key: 'state',
    title: text.columns.state,
    cell: (l) => <span className={styles.badge}>{l.drawn ? text.states.drawn : text.states.open}</span>,
  },
  { key: 'entrants', title: text.columns.entrants, cell: (l) => l.entrantCount },
  {
    key: 'winners',
    title: text.columns.winners,
    cell: (l) => `${l.winners.length} / ${l.winners.filter((w) => w.shipping.state === 'shipped').length}`,
  },
  {
    key: 'detail',
    title: text.columns.detail,
    cell: (l) => (
      <Link
        to={`/backstage/lotteries/${l.lotteryId}`}
        aria-label={`${text.open} ${text.detailTitle(l.lotteryId)}`}
      >
        {text.open}
      </Link>
    ),
  },
];

type CreateField = keyof typeof text.fields;
const NUMBER_FIELDS = ['streamId', 'hostUserId', 'quantity', 'drawInSeconds'] as const;

/** The create form, prefilled from the live-room console's link (`?streamId=&hostUserId=`). */
function CreateForm() {
  const [search] = useSearchParams();
  const [form, setForm] = useState<Record<CreateField, string>>({
    streamId: search.get('streamId') ?? '',
    hostUserId: search.get('hostUserId') ?? '',
    prize: '',
    quantity: '1',
    entryRule: 'none',
    drawInSeconds: '600',
  });
  const [created, setCreated] = useState<number | null>(null);
  const create = useAction('lottery.createLottery', {
    fields: Object.keys(text.fields),
    invalidates: ['lottery.lotteries'],
    onDone: (lottery) => setCreated(lottery.lotteryId),
  });
  const set = (key: CreateField, value: string) => {
    setForm({ ...form, [key]: value });
    setCreated(null);
    create.reset();
  };
  const numberField = (key: (typeof NUMBER_FIELDS)[number]) => (
    <label className={styles.field} key={key}>
      {text.fields[key]}
      <input
        className={styles.input}
        name={key}
        type="number"
        required
        value={form[key]}
        onChange={(event) => set(key, event.currentTarget.value)}
        aria-invalid={create.fieldErrors[key] ? true : undefined}
      />
      {create.fieldErrors[key] ? (
        <span className={styles.error} role="alert">
          {create.fieldErrors[key]}
        </span>
      ) : null}
    </label>
  );
  return (
    <form
      className={styles.filters}
      aria-label={text.create}
      data-testid="lottery-create"
      onSubmit={(event) => {
        event.preventDefault();
        void create.run({
          streamId: Number(form.streamId),
          hostUserId: Number(form.hostUserId),
          prize: form.prize,
          quantity: Number(form.quantity),
          entryRule: form.entryRule as LotteryEntryRule,
          drawInSeconds: Number(form.drawInSeconds),
        });
      }}
    >
      {numberField('streamId')}
      {numberField('hostUserId')}
      <label className={styles.field}>
        {text.fields.prize}
        <input
          className={styles.input}
          name="prize"
          required
          maxLength={40}
          value={form.prize}
          onChange={(event) => set('prize', event.currentTarget.value)}
          aria-invalid={create.fieldErrors.prize ? true : undefined}
        />
        {create.fieldErrors.prize ? (
          <span className={styles.error} role="alert">
            {create.fieldErrors.prize}
          </span>
        ) : null}
      </label>
      {numberField('quantity')}
      <label className={styles.field}>
        {text.fields.entryRule}
        <select
          className={styles.select}
          name="entryRule"
          value={form.entryRule}
          onChange={(event) => set('entryRule', event.currentTarget.value)}
        >
          <option value="none">{text.rules.none}</option>
          <option value="follow">{text.rules.follow}</option>
        </select>
      </label>
      {numberField('drawInSeconds')}
      <button type="submit" className={styles.primary} disabled={create.busy}>
        {create.busy ? text.creating : text.create}
      </button>
      {create.error ? (
        <p className={styles.error} role="alert">
          {create.error}
        </p>
      ) : null}
      {created !== null ? (
        <p className={styles.note} role="status" data-testid="lottery-created">
          <Link to={`/backstage/lotteries/${created}`}>{text.created(created)}</Link>
        </p>
      ) : null}
    </form>
  );
}

/** 直播抽奖 (issue 30 point 4, live ops): start a lottery in a stream; every lottery with its winners. */
export default function LotteriesPage() {
  const [search] = useSearchParams();
  const [draft, setDraft] = useState({ streamId: search.get('streamId') ?? '', state: '' });
  const [filters, setFilters] = useState(draft);
  const pages = usePages('lottery.lotteries', {
    ...(filters.streamId ? { streamId: Number(filters.streamId) } : {}),
    ...(filters.state ? { state: filters.state as 'open' | 'drawn' } : {}),
  });
  return (
    <RolePage path="/backstage/lotteries">
      <section className={styles.panel}>
        <h2>{text.create}</h2>
        <CreateForm />
      </section>
      <section className={styles.panel}>
        <form
          className={styles.filters}
          aria-label={BACKSTAGE_TEXT.filter}
          onSubmit={(event) => {
            event.preventDefault();
            setFilters(draft);
          }}
        >
          <label className={styles.field}>
            {text.fields.streamId}
            <input
              className={styles.input}
              name="filterStreamId"
              type="number"
              value={draft.streamId}
              onChange={(event) => setDraft({ ...draft, streamId: event.currentTarget.value })}
            />
          </label>
          <SelectField
            label={text.filterState}
            name="filterState"
            value={draft.state}
            options={[['', text.anyState], ...optionsOf(text.states)]}
            onChange={(state) => setDraft({ ...draft, state })}
          />
          <button type="submit" className={styles.button}>
            {BACKSTAGE_TEXT.filter}
          </button>
        </form>
        <PagedTable
          pages={pages}
          caption={text.title}
          columns={columns}
          rowKey={(l) => l.lotteryId}
          testId="lottery-table"
        />
      </section>
    </RolePage>
  );
}
