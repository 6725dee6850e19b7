import { useId, type ReactNode } from 'react';
import { TextField } from '../text-field/TextField';
import './DateTimeRangeField.css';

export interface DateTimeEnd {
  label: string;
  name: string;
  /** "YYYY-MM-DDTHH:MM", the input's own format */
  value: string;
  onValueChange: (value: string) => void;
  errors?: readonly string[];
  /** beside the field: the same time in another zone, say */
  hint?: ReactNode;
}

export interface DateTimeRangeFieldProps {
  /** the group's name ("When") */
  legend: string;
  /** what the times are read in ("Times in America/New_York") */
  description?: ReactNode;
  start: DateTimeEnd;
  end: DateTimeEnd;
  required?: boolean;
}

/**
 * A stretch of time: two date-and-time fields (the browser's own picker, typed or chosen), grouped
 * under a legend that says which zone they are read in, each with its hint (the time in the
 * viewer's zone) and its failed rules.
 */
export function DateTimeRangeField({ legend, description, start, end, required }: DateTimeRangeFieldProps) {
  const descriptionId = useId();
  return (
    <fieldset className="rl-date-range" aria-describedby={description ? descriptionId : undefined}>
      <legend className="rl-date-range__legend">{legend}</legend>
      {description ? (
        <p className="rl-date-range__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      <div className="rl-date-range__ends">
        {[start, end].map((side) => (
          <TextField
            key={side.name}
            type="datetime-local"
            label={side.label}
            name={side.name}
            value={side.value}
            onValueChange={side.onValueChange}
            errors={side.errors}
            hint={side.hint}
            required={required}
          />
        ))}
      </div>
    </fieldset>
  );
}
