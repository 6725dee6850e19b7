import './Widget.css';

export interface PeriodOption<T extends string> {
  value: T;
  text: string;
}

export interface PeriodSelectProps<T extends string> {
  /** the accessible name, e.g. 'Period of Events Per Module' */
  label: string;
  options: readonly PeriodOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** A compact dropdown for a widget's header: the period its numbers cover (docs/product.md#dashboard). */
export function PeriodSelect<T extends string>({ label, options, value, onChange }: PeriodSelectProps<T>) {
  return (
    <select
      className="rl-period-select"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.text}
        </option>
      ))}
    </select>
  );
}
