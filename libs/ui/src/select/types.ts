/** docs/product.md#entities: option lists are value and text pairs; the first placeholder entry has value null. */
export interface SelectOption {
  value: string | number | null;
  text: string;
  disabled?: boolean;
}

/** A labelled single-choice field on Radix Select, with the same error/tooltip look as TextField. */
export interface SelectFieldProps {
  label: string;
  name: string;
  options: SelectOption[];
  value: string | number | null;
  onChange: (value: string | number | null) => void;
  /** shown like TextField's error (tooltip on the help icon + aria-invalid) */
  error?: string;
  disabled?: boolean;
  required?: boolean;
}
