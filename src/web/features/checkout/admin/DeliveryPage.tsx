/**
 * /admin/delivery: the owner's delivery zones (issue 29, decision 148) in a table, with add, edit
 * and delete. Each change saves the whole list at once (PUT /api/admin/delivery_zones), checked
 * here with the server's own rules first (no country twice, prices £0 or more, at least one zone),
 * and applies to the next checkout on every instance, never to an order already paid.
 */
import { useId, useState, type FormEvent } from 'react';
import type { DeliveryZoneJson } from '@shared/contracts/checkout';
import { countryName } from '@shared/delivery-address';
import { zoneFromPounds, zoneInPounds, zoneListProblems, type DeliveryZone } from '@shared/delivery-zones';
import { formatPence, poundsToPence } from '@shared/money';
import * as MSG from '@shared/messages';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import page from '../../../styles/admin.module.css';
import { useAdminDeliveryZones, useSaveDeliveryZones } from './api';
import styles from './Delivery.module.css';

interface Draft {
  name: string;
  countries: string;
  firstBook: string;
  eachFurther: string;
  freeOver: string;
  estimate: string;
}

const EMPTY: Draft = { name: '', countries: '', firstBook: '', eachFurther: '0', freeOver: '', estimate: '' };

const pounds = (value: number) => value.toFixed(2);
const draftOf = (zone: DeliveryZoneJson): Draft => ({
  name: zone.name,
  countries: zone.countries.join(', '),
  firstBook: pounds(zone.first_book),
  eachFurther: pounds(zone.each_further_book),
  freeOver: zone.free_over === null ? '' : pounds(zone.free_over),
  estimate: zone.estimate ?? '',
});

/** "ie, fr de" → ['IE', 'FR', 'DE']. */
const codes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/** A typed amount in pence; -1 when it is not pounds and pence (the rules then name it as not £0.00 or more). */
const typedPence = (text: string) => (text.trim() === '' ? 0 : (poundsToPence(text.replace(/^£/, '')) ?? -1));

function fromDraft(draft: Draft): DeliveryZone {
  return {
    name: draft.name.trim(),
    countries: codes(draft.countries),
    firstBookPence: typedPence(draft.firstBook),
    eachFurtherBookPence: typedPence(draft.eachFurther),
    freeOverPence: draft.freeOver.trim() === '' ? null : typedPence(draft.freeOver),
    estimate: draft.estimate.trim() || null,
  };
}

export function DeliveryPage() {
  const zones = useAdminDeliveryZones();
  const save = useSaveDeliveryZones();
  const banner = useBanner();
  /** The zone being edited (its index), 'new' for one being added, null for none. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const list = zones.data?.zones ?? [];

  const saveList = (next: DeliveryZone[], done: string) => {
    const found = zoneListProblems(next);
    setProblems(found);
    if (found.length > 0) return;
    save.mutate(next.map(zoneInPounds), {
      onSuccess: () => {
        setEditing(null);
        banner.show({ content: done, action: 'success' });
      },
      onError: (error) => setProblems([serverMessage(error) ?? MSG.somethingWentWrong]),
    });
  };

  const submitZone = (draft: Draft) => {
    const zone = fromDraft(draft);
    const current = list.map(zoneFromPounds);
    if (editing === 'new') saveList([...current, zone], `Zone "${zone.name}" added.`);
    else if (editing !== null)
      saveList(
        current.map((old, index) => (index === editing ? zone : old)),
        `Zone "${zone.name}" saved.`,
      );
  };

  const remove = (index: number) => {
    const zone = list[index]!;
    if (!window.confirm(`Delete the zone "${zone.name}"? Checkouts to ${zone.countries.join(', ')} will be refused.`))
      return;
    setEditing(null);
    saveList(list.filter((_, i) => i !== index).map(zoneFromPounds), `Zone "${zone.name}" deleted.`);
  };

  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Admin</span>
          Delivery
        </h1>
      </div>
      <p className={styles.intro}>
        Where the shop sends books and what delivery costs there. A basket pays the first-book price plus the
        further-book price for each other book; delivery is free when the books come to the free-delivery amount or more
        after any discount code. A change applies to the next checkout, never to an order already paid. Outside the UK
        the shopper is told that import VAT and charges may be due on delivery.
      </p>
      <div aria-live="assertive">
        {problems.length > 0 && (
          <div className={`${page.alert} ${page.danger}`} role="alert">
            <p className={styles.problemTitle}>The zones were not saved:</p>
            <ul className={styles.problems}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {zones.isPending ? (
        <Spinner label="Loading the delivery zones" />
      ) : zones.isError ? (
        <p role="alert">{MSG.somethingWentWrong}</p>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Delivery zones</caption>
              <thead>
                <tr>
                  <th scope="col">Zone</th>
                  <th scope="col">Countries</th>
                  <th scope="col" className={styles.num}>
                    First book
                  </th>
                  <th scope="col" className={styles.num}>
                    Each further
                  </th>
                  <th scope="col" className={styles.num}>
                    Free over
                  </th>
                  <th scope="col">Estimate</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((zone, index) => (
                  <tr key={zone.name}>
                    <th scope="row">{zone.name}</th>
                    <td data-label="Countries" title={zone.countries.join(', ')}>
                      {zone.countries.map(countryName).join(', ')}
                    </td>
                    <td data-label="First book" className={styles.num}>
                      {formatPence(Math.round(zone.first_book * 100))}
                    </td>
                    <td data-label="Each further" className={styles.num}>
                      {formatPence(Math.round(zone.each_further_book * 100))}
                    </td>
                    <td data-label="Free over" className={styles.num}>
                      {zone.free_over === null ? '—' : formatPence(Math.round(zone.free_over * 100))}
                    </td>
                    <td data-label="Estimate">{zone.estimate ?? '—'}</td>
                    <td className={styles.rowActions}>
                      <Button variant="secondary" onClick={() => setEditing(index)} disabled={save.isPending}>
                        Edit<span className="visually-hidden"> {zone.name}</span>
                      </Button>
                      <Button variant="secondary" onClick={() => remove(index)} disabled={save.isPending}>
                        Delete<span className="visually-hidden"> {zone.name}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {editing === null ? (
            <div className={page.actions}>
              <Button
                onClick={() => {
                  setProblems([]);
                  setEditing('new');
                }}
              >
                Add a zone
              </Button>
            </div>
          ) : (
            <ZoneForm
              key={String(editing)}
              title={editing === 'new' ? 'Add a zone' : `Edit "${list[editing]?.name ?? ''}"`}
              initial={editing === 'new' ? EMPTY : draftOf(list[editing]!)}
              busy={save.isPending}
              onSubmit={submitZone}
              onCancel={() => {
                setProblems([]);
                setEditing(null);
              }}
            />
          )}
        </>
      )}
    </main>
  );
}

function ZoneForm({
  title,
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: Draft;
  busy: boolean;
  onSubmit: (draft: Draft) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const named = codes(draft.countries)
    .filter((code) => /^[A-Z]{2}$/.test(code))
    .map(countryName);
  const field = (name: keyof Draft, label: string, hint?: string, props: { inputMode?: 'decimal' } = {}) => (
    <div className={page.field}>
      <label className={page.label} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={page.input}
        value={draft[name]}
        inputMode={props.inputMode}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
      />
      {hint && (
        <span className={page.hint} id={`${id}-${name}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <form className={`${page.panel} ${styles.form}`} onSubmit={submit} noValidate aria-label={title}>
      <h2 className={styles.formTitle}>{title}</h2>
      <div className={styles.grid}>
        {field('name', 'Zone name', 'Shown to the shopper with the delivery price, e.g. Europe.')}
        {field(
          'countries',
          'Countries',
          named.length > 0
            ? named.join(', ')
            : 'Two-letter codes separated by commas, e.g. IE, FR, DE. A country can be in one zone only.',
        )}
        {field('firstBook', 'First book (£)', 'What delivery of one book costs.', { inputMode: 'decimal' })}
        {field('eachFurther', 'Each further book (£)', '0 for one price whatever the number of books.', {
          inputMode: 'decimal',
        })}
        {field('freeOver', 'Free delivery over (£)', 'On the books after any discount code; empty for never.', {
          inputMode: 'decimal',
        })}
        {field('estimate', 'Estimated delivery time', 'Optional, e.g. 5–8 working days.')}
      </div>
      <div className={page.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save zone'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
