import { SCHEDULE_LIMITS, type RotationRestriction, type ShiftSource, type ShiftUnit } from './schedule';
import { DAY_MS, clockOf, dateOf, dateOfDayNumber, dayNumber, localTime, zonedInstant } from './zone';

/**
 * Who is on call (docs/product.md#schedules, "Layers, gaps and overlaps"), as pure functions of a
 * schedule's definition and the instants asked about: no clock, no database.
 *
 * - A rotation hands its shift from one participant to the next every shift length, from its start
 *   day at the handoff time: hours are elapsed hours, days and weeks are calendar days in the
 *   schedule's zone (a daily 09:00 handoff stays at 09:00 across daylight-saving changes). Before
 *   its first shift a rotation covers nothing. Restrictions clip its shifts to windows of the week;
 *   the handoffs do not move.
 * - The final layer: where a later rotation covers a moment, it wins; where it does not (a gap, a
 *   restriction, not started yet), the one below shows through. A temporary schedule replaces every
 *   rotation over its period: only its own shifts count there. An override wins over all of them;
 *   of two overrides over the same moment, the one made later wins. So exactly one person, or
 *   nobody, is on call at any moment.
 */

export interface RotationRule {
  /** the rotation's id when saved (shifts name it), else null */
  rotation_id?: number | null;
  participants: readonly number[];
  shift_length: number;
  shift_unit: ShiftUnit;
  handoff_time: string;
  start: string;
  restrictions: readonly RotationRestriction[];
}

export interface OverrideRule {
  override_id: number;
  resource_id: number;
  /** ms since the epoch */
  start: number;
  end: number;
}

export interface TemporaryRule {
  start: number;
  end: number;
  shifts: readonly { resource_id: number; start: number; end: number }[];
}

/** What the final layer is computed from. */
export interface ScheduleDefinition {
  time_zone: string;
  rotations: readonly RotationRule[];
  overrides: readonly OverrideRule[];
  temporary_schedules: readonly TemporaryRule[];
}

/** A stretch of the final layer: one person from start (inclusive) to end (exclusive), ms. */
export interface Shift {
  resource_id: number;
  start: number;
  end: number;
  source: ShiftSource;
  /** the rotation's position (0: the lowest layer) for a rotation's shift */
  rotation_index: number | null;
  override_id: number | null;
}

const HOUR_MS = 3_600_000;

/** The instant shift `k` of a rotation starts. */
function shiftStart(zone: string, rotation: RotationRule, k: number): number {
  const first = dateOf(rotation.start);
  const clock = clockOf(rotation.handoff_time);
  if (rotation.shift_unit === 'H')
    return zonedInstant(zone, { ...first, ...clock }) + k * rotation.shift_length * HOUR_MS;
  const days = rotation.shift_length * (rotation.shift_unit === 'W' ? 7 : 1);
  return zonedInstant(zone, { ...dateOfDayNumber(dayNumber(first) + k * days), ...clock });
}

/** The shift of a rotation running at `at` (k), or -1 before its first shift. */
function shiftIndexAt(zone: string, rotation: RotationRule, at: number): number {
  const base = shiftStart(zone, rotation, 0);
  if (at < base) return -1;
  const nominal = rotation.shift_length * { H: HOUR_MS, D: DAY_MS, W: 7 * DAY_MS }[rotation.shift_unit];
  let k = Math.floor((at - base) / nominal);
  // a daylight-saving change moves calendar shifts by an hour: step to the one that holds `at`
  while (k > 0 && shiftStart(zone, rotation, k) > at) k--;
  while (shiftStart(zone, rotation, k + 1) <= at) k++;
  return k;
}

type Segment = Shift;

/** The windows of the week a rotation is restricted to, as instants over [from, to), merged. */
function restrictionWindows(
  zone: string,
  restrictions: readonly RotationRestriction[],
  from: number,
  to: number,
): [number, number][] {
  const windows: [number, number][] = [];
  const first = dayNumber(localTime(zone, from)) - 1;
  const last = dayNumber(localTime(zone, to));
  for (let day = first; day <= last; day++) {
    const date = dateOfDayNumber(day);
    const weekday = ((((day + 3) % 7) + 7) % 7) + 1; // day 0 (1970-01-01) was a Thursday
    for (const window of restrictions) {
      if (!window.days.includes(weekday)) continue;
      const open = clockOf(window.from);
      const close = clockOf(window.to);
      const crosses = window.to <= window.from;
      const start = zonedInstant(zone, { ...date, ...open });
      const end = zonedInstant(zone, { ...(crosses ? dateOfDayNumber(day + 1) : date), ...close });
      if (end > from && start < to && end > start) windows.push([Math.max(start, from), Math.min(end, to)]);
    }
  }
  windows.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const window of windows) {
    const previous = merged.at(-1);
    if (previous && window[0] <= previous[1]) previous[1] = Math.max(previous[1], window[1]);
    else merged.push([...window]);
  }
  return merged;
}

/** A rotation's shifts over [from, to), clipped to its restrictions. */
function rotationSegments(zone: string, rotation: RotationRule, index: number, from: number, to: number): Segment[] {
  const people = rotation.participants;
  if (people.length === 0 || rotation.shift_length < 1) return [];
  const segments: Segment[] = [];
  let k = Math.max(0, shiftIndexAt(zone, rotation, from));
  for (let start = shiftStart(zone, rotation, k); start < to; k++) {
    const end = shiftStart(zone, rotation, k + 1);
    if (end > from)
      segments.push({
        resource_id: people[k % people.length]!,
        start: Math.max(start, from),
        end: Math.min(end, to),
        source: 'rotation',
        rotation_index: index,
        override_id: null,
      });
    start = end;
  }
  if (rotation.restrictions.length === 0) return segments;
  return intersect(segments, restrictionWindows(zone, rotation.restrictions, from, to));
}

/** The parts of sorted, disjoint segments inside sorted, disjoint windows. */
function intersect(segments: readonly Segment[], windows: readonly [number, number][]): Segment[] {
  const out: Segment[] = [];
  let w = 0;
  for (const segment of segments) {
    while (w < windows.length && windows[w]![1] <= segment.start) w++;
    for (let i = w; i < windows.length && windows[i]![0] < segment.end; i++) {
      const start = Math.max(segment.start, windows[i]![0]);
      const end = Math.min(segment.end, windows[i]![1]);
      if (end > start) out.push({ ...segment, start, end });
    }
  }
  return out;
}

/** The parts of sorted, disjoint segments outside sorted, disjoint covers. */
function subtract(segments: readonly Segment[], covers: readonly { start: number; end: number }[]): Segment[] {
  const out: Segment[] = [];
  let c = 0;
  for (const segment of segments) {
    while (c < covers.length && covers[c]!.end <= segment.start) c++;
    let start = segment.start;
    for (let i = c; i < covers.length && covers[i]!.start < segment.end; i++) {
      if (covers[i]!.start > start) out.push({ ...segment, start, end: covers[i]!.start });
      start = Math.max(start, covers[i]!.end);
    }
    if (start < segment.end) out.push({ ...segment, start });
  }
  return out;
}

/** `top` where it covers, `base` elsewhere: both sorted and disjoint, and so is the answer. */
function overlay(base: readonly Segment[], top: readonly Segment[]): Segment[] {
  if (top.length === 0) return [...base];
  return [...subtract(base, top), ...top].sort((a, b) => a.start - b.start);
}

/** Ranges in the order given, each later one over the earlier ones, as sorted disjoint segments. */
function stacked(ranges: readonly Segment[]): Segment[] {
  let layer: Segment[] = [];
  for (const range of ranges) if (range.end > range.start) layer = overlay(layer, [range]);
  return layer;
}

/** Adjacent stretches of one person from one source are one. */
function joined(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const previous = out.at(-1);
    if (
      previous &&
      previous.end === segment.start &&
      previous.resource_id === segment.resource_id &&
      previous.source === segment.source &&
      previous.rotation_index === segment.rotation_index &&
      previous.override_id === segment.override_id
    )
      out[out.length - 1] = { ...previous, end: segment.end };
    else out.push(segment);
  }
  return out;
}

const clip = (from: number, to: number) => (segment: Segment) =>
  segment.end > from && segment.start < to
    ? [{ ...segment, start: Math.max(segment.start, from), end: Math.min(segment.end, to) }]
    : [];

/**
 * The final layer over [from, to): who is on call when, sorted, disjoint, adjacent stretches of one
 * person from one source joined. Where nobody is, there is no shift (see `gapsOf`).
 */
export function shifts(schedule: ScheduleDefinition, from: number, to: number): Shift[] {
  if (!(to > from)) return [];
  const zone = schedule.time_zone;
  // the highest rotation first, each lower one showing through the gaps of those above
  let layer: Segment[] = [];
  schedule.rotations.forEach((rotation, index) => {
    layer = overlay(layer, rotationSegments(zone, rotation, index, from, to));
  });
  const temporaries = [...schedule.temporary_schedules].sort((a, b) => a.start - b.start);
  if (temporaries.length) {
    layer = subtract(layer, temporaries);
    const own = temporaries.flatMap((temporary) =>
      stacked(
        temporary.shifts.map((shift) => ({
          resource_id: shift.resource_id,
          start: Math.max(shift.start, temporary.start),
          end: Math.min(shift.end, temporary.end),
          source: 'temporary' as const,
          rotation_index: null,
          override_id: null,
        })),
      ),
    );
    layer = overlay(layer, own.flatMap(clip(from, to)));
  }
  const overrides = [...schedule.overrides]
    .filter((override) => override.end > from && override.start < to)
    .sort((a, b) => a.override_id - b.override_id)
    .map((override) => ({
      resource_id: override.resource_id,
      start: override.start,
      end: override.end,
      source: 'override' as const,
      rotation_index: null,
      override_id: override.override_id,
    }));
  if (overrides.length) layer = overlay(layer, stacked(overrides).flatMap(clip(from, to)));
  return joined(layer);
}

/** The stretches of [from, to) nobody covers, given the final layer's shifts over it. */
export function gapsOf(final: readonly Shift[], from: number, to: number): { start: number; end: number }[] {
  const gaps: { start: number; end: number }[] = [];
  let at = from;
  for (const shift of final) {
    if (shift.start > at) gaps.push({ start: at, end: Math.min(shift.start, to) });
    at = Math.max(at, shift.end);
  }
  if (at < to) gaps.push({ start: at, end: to });
  return gaps;
}

/** Who is on call at an instant: the final layer's stretch holding it, or null (nobody). */
export function onCallAt(schedule: ScheduleDefinition, at: number): Shift | null {
  return shifts(schedule, at, at + 1)[0] ?? null;
}

/**
 * Who is on call at an instant and until when: the stretch holding it, its end looked for up to
 * `horizonDays` ahead (null when it lasts beyond).
 */
export function onCallUntil(
  schedule: ScheduleDefinition,
  at: number,
  horizonDays = 31,
): { shift: Shift | null; until: number | null } {
  const to = at + horizonDays * DAY_MS;
  const final = shifts(schedule, at, to);
  const first = final[0];
  if (first && first.start === at) return { shift: { ...first }, until: first.end < to ? first.end : null };
  return { shift: null, until: first ? first.start : null };
}

/** The first stretch nobody covers within the next `days` (the list's warning, the daily gap notice), or null. */
export function firstGap(
  schedule: ScheduleDefinition,
  now: number,
  days: number = SCHEDULE_LIMITS.gapDays,
): { start: number; end: number } | null {
  const to = now + days * DAY_MS;
  return gapsOf(shifts(schedule, now, to), now, to)[0] ?? null;
}
