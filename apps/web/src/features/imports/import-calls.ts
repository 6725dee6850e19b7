import { runImport } from '@relevo/api';
import type { ImportReport, ImportRequest } from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the call of the Import screen */
    importCalls: ImportCalls;
  }
}

/** The call of the Import screen (docs/product.md#importers); stories give fixtures instead. */
export interface ImportCalls {
  /** a dry run or the import of an export file: the report */
  run: (request: ImportRequest) => Promise<ImportReport>;
}

export const liveImportCalls: ImportCalls = {
  run: (body) => api.call(runImport, { body }),
};
