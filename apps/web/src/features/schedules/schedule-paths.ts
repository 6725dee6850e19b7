/** A schedule's page (docs/product.md#schedules). */
export const schedulePath = (scheduleId: number) => `/schedules/${scheduleId}`;
export const SCHEDULES_PATH = '/schedules';
