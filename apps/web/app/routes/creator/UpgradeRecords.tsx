import type { AwardReceipt, PublishRecord, QualityCase } from '@h5/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { useInfinite } from '../../lib/data-layer/use-infinite';
import { UPGRADE_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { EntryView } from '../../shell/EntryView';
import { PagedListView } from '../../shell/PagedListView';
import { Placeholder } from '../../shell/Placeholder';
import styles from '../../shell/screen.module.css';
import { Tabs } from '../../shell/Tabs';
import { TimeText } from '../../shell/TimeText';

const RECORD_PAGE = { limit: 20 } as const;
type Tab = keyof typeof text.tabs;

const contentId = (r: { contentId: number }) => r.contentId;
const receiptId = (r: AwardReceipt) => r.receiptId;

/** The three lists under the progress: the season's publications, exemplary contents, award receipts. */
export function UpgradeRecords() {
  const [tab, setTab] = useState<Tab>('publish');
  return (
    <section className={styles.card}>
      <Tabs
        options={Object.keys(text.tabs) as Tab[]}
        chosen={tab}
        textOf={(key) => text.tabs[key]}
        onChoose={setTab}
        testIdPrefix="tab"
      />
      <div role="tabpanel">
        {tab === 'publish' ? <PublishList /> : null}
        {tab === 'quality' ? <QualityList /> : null}
        {tab === 'awards' ? <ReceiptList /> : null}
      </div>
    </section>
  );
}

function PublishList() {
  const list = useInfinite('creator.publishRecord', RECORD_PAGE, null, contentId);
  return (
    <PagedListView list={list} emptyText={text.publishEmpty}>
      {(items: PublishRecord[]) => (
        <ul className={styles.rows} data-testid="publish-records">
          {items.map((r) => (
            <li key={r.contentId} className={styles.row}>
              <span className={styles.rowText}>
                <Link className={styles.rowTitle} to={`/community/content/${r.contentId}`}>
                  {r.counted ? <span className={styles.badge}>{text.counted}</span> : null}
                  {r.quality ? <span className={styles.badge}>{text.quality}</span> : null}
                  {r.title}
                </Link>
                <span className={styles.note}>
                  <TimeText at={r.publishedAt} /> · {text.figures(r.lights, r.replies)}
                </span>
                {r.reason ? <span className={styles.reason}>{r.reason}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PagedListView>
  );
}

function QualityList() {
  const [state, reload] = useEntry('creator.qualityCase', {}, null);
  return (
    <EntryView state={state} onRetry={reload} skeleton={<Placeholder type="loading" />}>
      {({ rule, list }) => (
        <>
          <p className={styles.note}>{rule}</p>
          {list.length === 0 ? <Placeholder type="empty" text={text.qualityEmpty} /> : null}
          <ul className={styles.rows} data-testid="quality-cases">
            {list.map((c: QualityCase) => (
              <li key={contentId(c)} className={styles.row}>
                {c.cover ? (
                  <img className={styles.cover} src={c.cover} alt="" width={48} height={48} loading="lazy" />
                ) : null}
                <span className={styles.rowText}>
                  <Link className={styles.rowTitle} to={`/community/content/${c.contentId}`}>
                    {c.title}
                  </Link>
                  <span className={styles.note}>
                    {c.author.userName} · {text.figures(c.lights, c.replies)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </EntryView>
  );
}

function ReceiptList() {
  const list = useInfinite('creator.awardRecord', RECORD_PAGE, null, receiptId);
  return (
    <PagedListView list={list} emptyText={text.awardsRecordEmpty}>
      {(items) => (
        <ul className={styles.rows} data-testid="award-records">
          {items.map((r) => (
            <li key={receiptId(r)} className={styles.row} data-testid="award-record">
              <span className={styles.rowText}>
                <span className={styles.rowTitle}>{r.title}</span>
                <TimeText className={styles.note} at={r.receivedAt} />
              </span>
              <span className={styles.amount}>{text.amount(r.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </PagedListView>
  );
}
