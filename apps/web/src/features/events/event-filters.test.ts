import { describe, expect, it } from 'vitest';
import { NO_FILTERS, readEventFilters, withApplication, writeEventFilters } from './event-filters';

const TODAY = '2026-11-24';

describe('the events filters in the URL (docs/product.md#events)', () => {
  it('reads every filter', () => {
    expect(
      readEventFilters(
        new URLSearchParams(
          'application=3&module=7&sla=NO&status=progress&maintenance=Y&from=2026-11-01&to=2026-11-24',
        ),
        TODAY,
      ),
    ).toEqual({
      applicationId: 3,
      moduleId: 7,
      sla: 'NO',
      status: 'progress',
      maintenance: 'Y',
      from: '2026-11-01',
      to: '2026-11-24',
    });
    expect(readEventFilters(new URLSearchParams(''), TODAY)).toEqual(NO_FILTERS);
  });

  it('leaves out what the screen could not have chosen: a module without its application, future days, a range ending before it starts, unknown values', () => {
    expect(readEventFilters(new URLSearchParams('module=7'), TODAY).moduleId).toBeNull();
    expect(readEventFilters(new URLSearchParams('from=2026-11-25&to=2027-01-01'), TODAY)).toMatchObject({
      from: null,
      to: null,
    });
    expect(readEventFilters(new URLSearchParams('from=2026-11-10&to=2026-11-02'), TODAY)).toMatchObject({
      from: '2026-11-10',
      to: null,
    });
    expect(
      readEventFilters(
        new URLSearchParams('sla=maybe&status=lost&application=abc&from=yesterday&maintenance=maybe'),
        TODAY,
      ),
    ).toEqual(NO_FILTERS);
    // days the calendar does not have, as the server refuses them
    expect(readEventFilters(new URLSearchParams('from=2026-02-30&to=2026-04-31'), TODAY)).toMatchObject({
      from: null,
      to: null,
    });
  });

  it("writes the filters beside the list's place and goes back to page 1", () => {
    const next = writeEventFilters(new URLSearchParams('page=4&search=disk&sla=YES'), {
      ...NO_FILTERS,
      applicationId: 2,
      status: 'open',
    });
    expect(next.toString()).toBe('search=disk&application=2&status=open');
  });

  it('clears the module when the application changes', () => {
    expect(withApplication({ ...NO_FILTERS, applicationId: 1, moduleId: 4, sla: 'NO' }, 2)).toEqual({
      ...NO_FILTERS,
      applicationId: 2,
      moduleId: null,
      sla: 'NO',
    });
  });
});
