import { PLATFORM_EXPORT_HEADERS } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { parseCsv, readsAsHeader } from '../logic/csv-preview';

/**
 * The export's column names (R86) a hand-made project CSV would not use: it may well say "Project
 * Title" or "About The Project", not "Project Status" or "Opt-In Prizes".
 */
const PLATFORM_ONLY_HEADERS = Object.entries(PLATFORM_EXPORT_HEADERS)
  .filter(([field]) => field !== 'name' && field !== 'description')
  .map(([, header]) => header);

/** The first row is in these first bytes: a 10 MB file is not read again for it. */
const FIRST_ROW_BYTES = 8192;

const PLATFORM_EXPORT_REFUSAL =
  'this is a hackathon-platform export: upload it under "Upload a hackathon-platform export", ' +
  'which finds its columns by name.';

/**
 * Under the project CSV panel: the platform's export chosen there would import by position (the
 * submission URL as the description, drafts included), so Upload is off, saying where it goes.
 */
export function PlatformExportCheck({
  file,
  onRefusal,
}: {
  file: File;
  onRefusal: (reason: string | null) => void;
}) {
  const [isExport, setIsExport] = useState(false);
  useEffect(() => {
    let current = true;
    void file
      .slice(0, FIRST_ROW_BYTES)
      .text()
      .then((text) => {
        if (current) setIsExport(readsAsHeader(parseCsv(text)[0], PLATFORM_ONLY_HEADERS));
      });
    return () => {
      current = false;
    };
  }, [file]);
  useEffect(() => onRefusal(isExport ? PLATFORM_EXPORT_REFUSAL : null), [isExport, onRefusal]);
  return null;
}
