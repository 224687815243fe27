/**
 * /admin/products/spreadsheet (issue 30, decision 153): the catalogue out as a CSV file, and books
 * in from one. An import is checked first (the dry run: what would be added, changed field by
 * field, left alone, and every problem by row and column); "Apply" then sends the same files
 * again to be written, all or nothing. While the server works, a progress bar says so.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ProductImportReport } from '@shared/contracts/products';
import { Button } from '../../../../components/Button';
import { InlineSpinner } from '../../../../components/Spinner';
import { useBanner } from '../../../../lib/banner';
import { serverMessage } from '../../../../lib/api';
import { saveFile } from '../../../../lib/save-file';
import { exportCatalogue, useImportProducts, type ImportFiles } from './api';
import page from '../../../../styles/admin.module.css';
import styles from './Spreadsheet.module.css';

const COLUMNS_HELP =
  'Columns: id, name, type, description, age, price, image_1 … image_6 (an https:// address, or the name of a file in the ZIP). Books are matched by their ID; a column you leave out is left as it is, so a file of id and price changes prices only.';

const books = (count: number) => (count === 1 ? '1 book' : `${count.toLocaleString('en-GB')} books`);

function ExportPanel() {
  const [archived, setArchived] = useState(false);
  const [busy, setBusy] = useState(false);
  const banner = useBanner();
  const run = async () => {
    setBusy(true);
    try {
      const file = await exportCatalogue(archived);
      saveFile(file.blob, file.filename ?? 'products.csv');
    } catch (error) {
      const reason = serverMessage(error);
      banner.show({
        content: `The catalogue could not be exported. ${reason ?? 'Please try again.'}`,
        action: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${page.panel} ${styles.panel}`} aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <p className={page.muted}>Every book as a CSV file that Excel, Numbers and LibreOffice open: one row a book.</p>
      <label className={styles.check}>
        <input type="checkbox" checked={archived} onChange={(event) => setArchived(event.target.checked)} />
        Include archived books
      </label>
      <div className={page.actions}>
        <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
          {busy ? 'Exporting…' : 'Download CSV'}
        </Button>
      </div>
    </section>
  );
}

/** The server at work: an indeterminate bar and the seconds so far. */
function Working({ label }: { label: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.working} role="status">
      <progress className={styles.progress} aria-label={label} />
      <span>
        {label} {seconds > 0 ? `(${seconds} s)` : ''}
      </span>
    </div>
  );
}

function Summary({ report }: { report: ProductImportReport }) {
  const parts = [
    `${report.added.length} ${report.applied ? 'added' : 'to add'}`,
    `${report.changed.length} ${report.applied ? 'changed' : 'to change'}`,
    `${report.unchanged.length} left alone`,
    `${report.problems.length} ${report.problems.length === 1 ? 'problem' : 'problems'}`,
  ];
  return (
    <p className={styles.summary}>
      {books(report.rows)}: {parts.join(', ')}.
    </p>
  );
}

function Problems({ problems }: { problems: ProductImportReport['problems'] }) {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="import-problems">
      <h3 id="import-problems">Problems</h3>
      <p className={`${page.alert} ${page.danger}`} role="alert">
        Nothing can be imported until every problem is fixed: correct them in your spreadsheet and check the file again.
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, index) => (
            <tr key={index}>
              <td data-label="Row">{problem.row}</td>
              <td data-label="Column">{problem.column}</td>
              <td data-label="Problem">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Added({ added, done }: { added: ProductImportReport['added']; done: boolean }) {
  if (added.length === 0) return null;
  return (
    <section aria-labelledby="import-added">
      <h3 id="import-added">
        {done ? 'Added' : 'To add'} ({added.length})
      </h3>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">ID</th>
            <th scope="col">Name</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {added.map((book) => (
            <tr key={book.row}>
              <td data-label="Row">{book.row}</td>
              <td data-label="ID">{book.id}</td>
              <td data-label="Name">{book.name}</td>
              <td data-label="Price">£{book.price.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Changed({ changed, done }: { changed: ProductImportReport['changed']; done: boolean }) {
  if (changed.length === 0) return null;
  return (
    <section aria-labelledby="import-changed">
      <h3 id="import-changed">
        {done ? 'Changed' : 'To change'} ({changed.length})
      </h3>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Book</th>
            <th scope="col">Column</th>
            <th scope="col">Now</th>
            <th scope="col">Becomes</th>
          </tr>
        </thead>
        <tbody>
          {changed.flatMap((book) =>
            book.changes.map((change, index) => (
              <tr key={`${book.row}-${change.column}`} className={index > 0 ? styles.continued : undefined}>
                <td data-label="Row">{book.row}</td>
                <td data-label="Book">
                  <span>
                    {book.name} <span className={page.muted}>({book.id})</span>
                  </span>
                </td>
                <td data-label="Column">{change.column}</td>
                <td data-label="Now">
                  <span className={styles.old}>{change.old || '(empty)'}</span>
                </td>
                <td data-label="Becomes">
                  <span className={styles.new}>{change.new || '(empty)'}</span>
                </td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </section>
  );
}

function Unchanged({ unchanged }: { unchanged: ProductImportReport['unchanged'] }) {
  if (unchanged.length === 0) return null;
  return (
    <details className={styles.unchanged}>
      <summary>Left alone ({unchanged.length})</summary>
      <p className={page.muted}>{unchanged.map((book) => `${book.id} (row ${book.row})`).join(', ')}</p>
    </details>
  );
}

function ImportPanel() {
  const csvId = useId();
  const zipId = useId();
  const [files, setFiles] = useState<ImportFiles | null>(null);
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportReport | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const importing = useImportProducts();
  const banner = useBanner();

  const send = (chosen: ImportFiles, dryRun: boolean) => {
    setRefusal(null);
    importing.mutate(
      { files: chosen, dryRun },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (answer.applied)
            banner.show({
              content: `Imported: ${answer.added.length} added, ${answer.changed.length} changed.`,
              action: 'success',
            });
        },
        onError: (error) => {
          setReport(null);
          setRefusal(serverMessage(error) ?? 'The file could not be sent. Please try again.');
        },
      },
    );
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (!csv) return;
    const chosen = { csv, images: zip };
    setFiles(chosen);
    send(chosen, true);
  };

  const done = report?.applied === true;
  const canApply =
    report !== null && !done && report.problems.length === 0 && report.added.length + report.changed.length > 0;

  return (
    <section className={`${page.panel} ${styles.panel}`} aria-labelledby="import-title">
      <h2 id="import-title">Import</h2>
      <p className={page.muted}>{COLUMNS_HELP}</p>
      <form onSubmit={check}>
        <div className={page.field}>
          <label className={page.label} htmlFor={csvId}>
            Spreadsheet (CSV)<span className={page.required}>*</span>
          </label>
          <input
            id={csvId}
            className={page.input}
            type="file"
            accept=".csv,text/csv"
            required
            onChange={(event) => {
              setCsv(event.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
        </div>
        <div className={page.field}>
          <label className={page.label} htmlFor={zipId}>
            Images (ZIP, optional)
          </label>
          <input
            id={zipId}
            className={page.input}
            type="file"
            accept=".zip,application/zip"
            onChange={(event) => {
              setZip(event.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
          <span className={page.hint}>The files your image columns name, in any folder of the ZIP.</span>
        </div>
        <div className={page.actions}>
          <Button type="submit" variant="secondary" disabled={!csv || importing.isPending}>
            Check the file
          </Button>
        </div>
      </form>

      {importing.isPending && (
        <Working label={importing.variables?.dryRun === false ? 'Importing the books…' : 'Checking the file…'} />
      )}
      {refusal && (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {refusal}
        </p>
      )}

      {report && !importing.isPending && (
        <div className={styles.report} aria-live="polite">
          <h2 className={styles.reportTitle}>{done ? 'Imported' : 'Dry run: nothing has been written yet'}</h2>
          <Summary report={report} />
          {done && (
            <p className={`${page.alert} ${page.success}`}>
              The books are in the shop. <Link to="/admin">See the books</Link>
            </p>
          )}
          {canApply && (
            <div className={styles.apply}>
              <Button onClick={() => files && send(files, false)} disabled={importing.isPending}>
                {importing.isPending ? <InlineSpinner /> : null}
                Apply: import {books(report.added.length + report.changed.length)}
              </Button>
            </div>
          )}
          <Problems problems={report.problems} />
          <Changed changed={report.changed} done={done} />
          <Added added={report.added} done={done} />
          <Unchanged unchanged={report.unchanged} />
        </div>
      )}
    </section>
  );
}

export function SpreadsheetPage() {
  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Products</span>
          Books by spreadsheet
        </h1>
        <Link className={page.back} to="/admin">
          ← Admin
        </Link>
      </div>
      <ImportPanel />
      <ExportPanel />
    </main>
  );
}
