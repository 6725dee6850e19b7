import type { CSSProperties, ReactNode } from 'react';
import { uiText } from '../text/ui-text';
import './ShiftTimeline.css';

/** How many distinct person colours the timeline has; a lane's `colorKey` picks one (the same key, the same colour). */
export const SHIFT_COLOR_COUNT = 8;

export type ShiftBarKind = 'shift' | 'override' | 'temporary';

export interface ShiftBar {
  key: string;
  /** ms since the epoch; clipped to the timeline's range */
  start: number;
  end: number;
  /** what the bar shows (the person's name): colour is never the only cue */
  text: string;
  /** the whole stretch in words, for screen readers and the pointer's tooltip ("Mon 9 Mar 09:00 – Mon 16 Mar 09:00") */
  description: string;
  kind?: ShiftBarKind;
}

export interface ShiftLane {
  key: string | number;
  /** the person */
  name: string;
  /** picks the lane's colour: a stable number per person (their id) */
  colorKey: number;
  bars: ShiftBar[];
}

export interface ShiftGap {
  key: string;
  start: number;
  end: number;
  description: string;
}

export interface ShiftTimelineDay {
  key: string;
  /** the column's heading ("Mon 9", or "9" in a month) */
  label: ReactNode;
  /** its full name for assistive technology ("Monday 9 March") */
  title: string;
  start: number;
  end: number;
  /** a weekend or another day drawn apart */
  muted?: boolean;
}

export interface ShiftTimelineProps {
  /** the timeline's accessible name */
  label: string;
  from: number;
  to: number;
  days: ShiftTimelineDay[];
  lanes: ShiftLane[];
  /** the stretches nobody covers, in a lane of their own */
  gaps?: ShiftGap[];
  /** the gaps lane's name and each gap's text */
  gapText?: string;
  /** draws the now-line when within the range */
  now?: number | null;
  /** the badges' texts of overridden and temporary stretches */
  kindTexts?: { override: string; temporary: string };
  /** a bar may be pressed (e.g. to take the shift): its button's name, from the bar; null leaves that bar plain */
  barAction?: {
    label: (lane: ShiftLane, bar: ShiftBar) => string | null;
    onSelect: (lane: ShiftLane, bar: ShiftBar) => void;
  };
  /** shown instead of the lanes when nobody and no gap is in the range */
  emptyText?: string;
  /** the column heading of the lanes' names */
  laneHeading?: string;
}

/** A place on the track as a percentage of the range. */
const at = (value: number, from: number, to: number) =>
  Math.min(100, Math.max(0, ((value - from) / (to - from)) * 100));

/** The position of a stretch on the track, as custom properties the stylesheet reads. */
function placed(start: number, end: number, from: number, to: number): CSSProperties {
  const left = at(start, from, to);
  return { '--rl-bar-start': `${left}%`, '--rl-bar-width': `${at(end, from, to) - left}%` } as CSSProperties;
}

/**
 * Who is on call over a week or a month: a lane (row) per person in a colour of their own with
 * their name on each bar, overridden and temporary stretches patterned and badged, the stretches
 * nobody covers in a lane of their own, and a line at now. Each lane is a list of its stretches
 * for assistive technology; a bar is a button when `barAction` is given.
 */
export function ShiftTimeline({
  label,
  from,
  to,
  days,
  lanes,
  gaps = [],
  gapText: givenGapText,
  now = null,
  kindTexts: givenKindTexts,
  barAction,
  emptyText,
  laneHeading,
}: ShiftTimelineProps) {
  const gapText = givenGapText ?? uiText('Nobody on call');
  const kindTexts = givenKindTexts ?? { override: uiText('Override'), temporary: uiText('Temporary') };
  const nowText = uiText('Now');
  const showsNow = now !== null && now >= from && now < to;
  const nowStyle = showsNow ? ({ '--rl-now': `${at(now, from, to)}%` } as CSSProperties) : undefined;
  const nowLine = showsNow ? <span className="rl-timeline__now" style={nowStyle} aria-hidden="true" /> : null;
  const dayLines = days.map((day) => (
    <span
      key={day.key}
      className={['rl-timeline__day-cell', day.muted && 'rl-timeline__day-cell--muted'].filter(Boolean).join(' ')}
      style={placed(day.start, day.end, from, to)}
      aria-hidden="true"
    />
  ));
  const isEmpty = lanes.length === 0 && gaps.length === 0;

  return (
    <section className="rl-timeline" aria-label={label}>
      <div className="rl-timeline__grid">
        <div className="rl-timeline__row rl-timeline__row--head">
          <div className="rl-timeline__name rl-timeline__name--head">{laneHeading ?? uiText('Person')}</div>
          <div className="rl-timeline__track rl-timeline__track--head">
            <ol className="rl-timeline__days" aria-label={uiText('Days')}>
              {days.map((day) => (
                <li
                  key={day.key}
                  className={['rl-timeline__day', day.muted && 'rl-timeline__day--muted'].filter(Boolean).join(' ')}
                  style={placed(day.start, day.end, from, to)}
                  title={day.title}
                >
                  <span aria-hidden="true">{day.label}</span>
                  <span className="rl-visually-hidden">{day.title}</span>
                </li>
              ))}
            </ol>
            {showsNow ? (
              <span className="rl-timeline__now-label" style={nowStyle} aria-hidden="true">
                {nowText}
              </span>
            ) : null}
          </div>
        </div>
        {isEmpty ? (
          <p className="rl-timeline__empty">{emptyText ?? uiText('Nobody is on call in this period.')}</p>
        ) : (
          lanes.map((lane) => (
            <div className="rl-timeline__row" key={lane.key}>
              <div className="rl-timeline__name">
                <span
                  className={`rl-timeline__swatch rl-shift-color-${lane.colorKey % SHIFT_COLOR_COUNT}`}
                  aria-hidden="true"
                />
                <span className="rl-timeline__name-text">{lane.name}</span>
              </div>
              <div className="rl-timeline__track">
                {dayLines}
                <ul className="rl-timeline__bars" aria-label={uiText('Shifts of {name}', { name: lane.name })}>
                  {lane.bars.map((bar) => (
                    <li key={bar.key} className="rl-timeline__bar-place" style={placed(bar.start, bar.end, from, to)}>
                      <Bar lane={lane} bar={bar} kindTexts={kindTexts} action={barAction} />
                    </li>
                  ))}
                </ul>
                {nowLine}
              </div>
            </div>
          ))
        )}
        {gaps.length ? (
          <div className="rl-timeline__row rl-timeline__row--gaps">
            <div className="rl-timeline__name">
              <span className="rl-timeline__swatch rl-timeline__swatch--gap" aria-hidden="true" />
              <span className="rl-timeline__name-text">{gapText}</span>
            </div>
            <div className="rl-timeline__track">
              {dayLines}
              <ul className="rl-timeline__bars" aria-label={gapText}>
                {gaps.map((gap) => (
                  <li key={gap.key} className="rl-timeline__bar-place" style={placed(gap.start, gap.end, from, to)}>
                    <span className="rl-timeline__bar rl-timeline__bar--gap" title={`${gapText}: ${gap.description}`}>
                      <span className="rl-timeline__bar-text" aria-hidden="true">
                        {gapText}
                      </span>
                      <span className="rl-visually-hidden">{`${gapText}: ${gap.description}`}</span>
                    </span>
                  </li>
                ))}
              </ul>
              {nowLine}
            </div>
          </div>
        ) : null}
      </div>
      <ul className="rl-timeline__legend" aria-label={uiText('Legend')}>
        <li>
          <span className="rl-timeline__key rl-timeline__key--shift" aria-hidden="true" />
          {uiText('Shift (a colour per person)')}
        </li>
        <li>
          <span className="rl-timeline__key rl-timeline__key--override" aria-hidden="true" />
          {kindTexts.override}
        </li>
        <li>
          <span className="rl-timeline__key rl-timeline__key--temporary" aria-hidden="true" />
          {kindTexts.temporary}
        </li>
        <li>
          <span className="rl-timeline__key rl-timeline__key--gap" aria-hidden="true" />
          {gapText}
        </li>
        <li>
          <span className="rl-timeline__key rl-timeline__key--now" aria-hidden="true" />
          {nowText}
        </li>
      </ul>
    </section>
  );
}

function Bar({
  lane,
  bar,
  kindTexts,
  action,
}: {
  lane: ShiftLane;
  bar: ShiftBar;
  kindTexts: { override: string; temporary: string };
  action: ShiftTimelineProps['barAction'];
}) {
  const kind = bar.kind ?? 'shift';
  const badge = kind === 'shift' ? null : kindTexts[kind];
  const spoken = [bar.text, badge, bar.description].filter(Boolean).join(', ');
  const name = action?.label(lane, bar) ?? null;
  const className = [
    'rl-timeline__bar',
    `rl-timeline__bar--${kind}`,
    `rl-shift-color-${lane.colorKey % SHIFT_COLOR_COUNT}`,
    name !== null && 'rl-timeline__bar--action',
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      <span className="rl-timeline__bar-text" aria-hidden="true">
        {bar.text}
      </span>
      {badge ? (
        <span className="rl-timeline__badge" aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </>
  );
  if (action && name !== null) {
    return (
      <button
        type="button"
        className={className}
        aria-label={name}
        title={`${spoken}. ${name}`}
        onClick={() => action.onSelect(lane, bar)}
      >
        {content}
      </button>
    );
  }
  return (
    <span className={className} title={spoken}>
      {content}
      <span className="rl-visually-hidden">{spoken}</span>
    </span>
  );
}
