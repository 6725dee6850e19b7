import type { NextShift } from '@relevo/api';
import type { Resource } from '@relevo/domain';
import { createContext, useCallback, useContext } from 'react';
import { currentLanguage, t } from '../../shell/i18n';
import { useLoaded } from '../../shell/loaded';
import { nextShiftText, nextShiftsByResource } from './next-shift';
import type { ResourceOnCallCalls } from './resource-on-call-calls';

/** The page's next shifts once read (null while they load or when they could not be). */
interface PageShifts {
  /** the page they were read for: its resource ids, comma-separated */
  page: string;
  byResource: Map<number, NextShift>;
}

const NextShiftsContext = createContext<PageShifts | null>(null);
export const NextShiftsProvider = NextShiftsContext.Provider;

/**
 * docs/product.md#resources, Next Shift: the next shift of every resource of the page, in one call
 * (GET /api/on-call/next-shifts?ids=…), read again when the page's rows change. Null until the
 * answer for these rows is in.
 */
export function usePageShifts(
  calls: Pick<ResourceOnCallCalls, 'nextShifts'>,
  rows: readonly Pick<Resource, 'resource_id'>[],
): PageShifts | null {
  const page = rows.map((row) => row.resource_id).join(',');
  const load = useCallback(
    async (): Promise<PageShifts> => ({
      page,
      byResource: nextShiftsByResource((await calls.nextShifts(page.split(',').map(Number))).next_shifts),
    }),
    [calls, page],
  );
  const loaded = useLoaded(page ? load : undefined);
  return loaded.state === 'loaded' && loaded.value.page === page ? loaded.value : null;
}

/** A row's Next Shift cell: the shift, "—" when it has none, empty while the page's shifts load. */
export function NextShiftCell({ resourceId }: { resourceId: number }) {
  const shifts = useContext(NextShiftsContext);
  if (!shifts) return null;
  const shift = shifts.byResource.get(resourceId);
  if (shift) return <span className="resources__next-shift">{nextShiftText(shift, undefined, currentLanguage())}</span>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="rl-visually-hidden">{t('No shift ahead')}</span>
    </>
  );
}
