import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  BATCH_SIZES,
  DEFAULT_BATCH_SIZE,
  type FileImportResult,
  type ImportProgressMessage,
} from '@directory/backend/shared/import-types.ts';
import { UPLOAD_FIELD_LABELS } from '../../admin/screen-field-labels.ts';
import { failedResult, isTooLarge, progressSocketUrl, tooLargeMessage, uploadFile } from '../api.ts';
import { FileReport } from './file-report.tsx';
import { uploadNotice, type UploadNotice } from '../import-summary.ts';
import '../admin-import.css';

/** The spec's pause between two files of a batch upload. */
const PAUSE_BETWEEN_FILES_MS = 25;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface UploadScreenProps {
  /** The admin session's CSRF token, sent as X-CSRF-Token with every upload. */
  csrfToken: string;
  /** Called after every file was processed (to refresh lists and stats). */
  onFinished?: (results: FileImportResult[]) => void;
}

/**
 * The Excel upload screen: several .xlsx/.xls/.csv files, a batch size, uploaded one at a time
 * with a 25 ms pause, a progress bar per file fed by the progress websocket, n/total, and
 * each file's report.
 */
export function UploadScreen({ csrfToken, onFinished }: UploadScreenProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [batchSize, setBatchSize] = useState<number>(DEFAULT_BATCH_SIZE);
  const [isDryRun, setIsDryRun] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const [current, setCurrent] = useState(0);
  const [progress, setProgress] = useState<Record<number, ImportProgressMessage>>({});
  const [results, setResults] = useState<FileImportResult[]>([]);
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const pickerRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => () => socketRef.current?.close(), []);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    setFiles(Array.from(event.target.files ?? []));
    setResults([]);
    setProgress({});
    setNotice(null);
  };

  const handleRemove = (index: number) => {
    const remaining = files.filter((_file, position) => position !== index);
    setFiles(remaining);
    if (remaining.length === 0) setResults([]);
  };

  const openProgressSocket = () => {
    const socket = new WebSocket(progressSocketUrl(window.location));
    socket.addEventListener('message', (event) => {
      try {
        const message = JSON.parse(String(event.data)) as ImportProgressMessage;
        if (message.type === 'import-progress') setProgress((previous) => ({ ...previous, [message.fileIndex]: message }));
      } catch (error) {
        // A message that is not JSON is not ours; progress simply does not move.
        if (!(error instanceof SyntaxError)) throw error;
      }
    });
    socketRef.current = socket;
  };

  const handleUpload = async () => {
    setIsUploading(true);
    setResults([]);
    setProgress({});
    setNotice(null);
    openProgressSocket();
    const collected: FileImportResult[] = [];
    for (const [index, file] of files.entries()) {
      const fileIndex = index + 1;
      setCurrent(fileIndex);
      const result = isTooLarge(file)
        ? failedResult(file.name, fileIndex, files.length, tooLargeMessage(file.name))
        : await uploadFile({ file, batchSize, fileIndex, totalFiles: files.length, isDryRun, csrfToken });
      collected.push(result);
      setResults([...collected]);
      if (fileIndex < files.length) await pause(PAUSE_BETWEEN_FILES_MS);
    }
    socketRef.current?.close();
    socketRef.current = null;
    setIsUploading(false);
    const succeeded = collected.filter((result) => result.success).length;
    // Full success clears the files (spec section 4), so a second click cannot import them again;
    // a dry run keeps them, to be imported for real next.
    if (succeeded === collected.length && !isDryRun) {
      setFiles([]);
      if (pickerRef.current) pickerRef.current.value = '';
    }
    setNotice(uploadNotice(collected, isDryRun));
    onFinished?.(collected);
  };

  return (
    <section className="admin-import" aria-labelledby="admin-import-title">
      <h2 id="admin-import-title">Excel Yükleme</h2>
      <p>.xlsx, .xls veya .csv dosyaları; dosya başına en fazla 150MB.</p>
      <div className="admin-import-controls">
        {/* The browser's own file button speaks the browser's language ("Choose Files"): it is hidden, and the label shows Turkish in its place. */}
        <label className="admin-import-picker">
          {UPLOAD_FIELD_LABELS.file}
          <input ref={pickerRef} type="file" multiple accept=".xlsx,.xls,.csv" onChange={handlePick} disabled={isUploading} />
          <span className="admin-import-picker-box" aria-hidden="true">
            <span className="admin-button">Dosya seçin</span>
            <span className="muted">{files.length === 0 ? 'Dosya seçilmedi' : files.length === 1 ? files[0]!.name : `${files.length} dosya seçildi`}</span>
          </span>
        </label>
        <label>
          {UPLOAD_FIELD_LABELS.batchSize}
          <select value={batchSize} onChange={(event) => setBatchSize(Number(event.target.value))} disabled={isUploading}>
            {BATCH_SIZES.map((size) => (
              <option key={size} value={size}>{size} kayıt</option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={isDryRun} onChange={(event) => setIsDryRun(event.target.checked)} disabled={isUploading} />
          Deneme (hiçbir şey yazılmaz)
        </label>
      </div>
      {files.length > 0 && (
        <ul className="admin-import-files">
          {files.map((file, index) => {
            const fileProgress = progress[index + 1];
            const share = fileProgress && fileProgress.fileSize > 0 ? Math.min(fileProgress.bytesRead / fileProgress.fileSize, 1) : 0;
            const result = results[index];
            const value = result ? 100 : Math.round(share * 100);
            return (
              <li key={`${file.name}-${index}`}>
                <span className="admin-import-file-name">{file.name}</span>
                <span> ({(file.size / (1024 * 1024)).toFixed(1)} MB)</span>
                {isTooLarge(file) && <strong role="alert"> Dosya çok büyük: {tooLargeMessage(file.name)}</strong>}
                <progress max={100} value={value} aria-label={`${file.name} ilerleme`} />
                {fileProgress && !result && (
                  <span className="admin-import-rows">
                    {fileProgress.rowsRead} satır okundu, {fileProgress.rowsWritten} yazıldı, {fileProgress.errorCount} hata
                  </span>
                )}
                {!isUploading && (
                  <button type="button" onClick={() => handleRemove(index)} aria-label={`${file.name} kaldır`}>Kaldır</button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="button" onClick={() => void handleUpload()} disabled={isUploading || files.length === 0}>
        {isUploading ? 'Yükleniyor...' : 'Yükle'}
      </button>
      {isUploading && <p role="status">{current}/{files.length}</p>}
      {notice && (
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`admin-import-notice is-${notice.tone === 'error' ? 'destructive' : notice.tone}`}>
          {notice.text}
        </p>
      )}
      {results.map((result) => (
        <FileReport key={`${result.fileIndex}-${result.fileName}`} result={result} />
      ))}
    </section>
  );
}
