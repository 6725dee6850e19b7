import type { Decorator } from '@storybook/react-vite';
import { useState, type ComponentType, type JSX, type ReactNode } from 'react';

/**
 * Shows a field story in a column as narrow as a form's, with `top` pixels above it (room for the
 * problems' tooltip, which opens upwards).
 */
export const fieldColumn =
  (top = 48): Decorator =>
  (Story) => (
    <div style={{ maxWidth: 360, padding: 48, paddingTop: top }}>
      <Story />
    </div>
  );

interface TextValue {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A text field for stories that keeps its own value, starting at the `initial` arg; `shown` renders
 * under it what a story checks (the value as the field gives it).
 */
export function withOwnValue<P extends TextValue>(Field: ComponentType<P>, shown?: (value: string) => ReactNode) {
  return function Controlled(props: Omit<P, keyof TextValue> & { initial?: string }) {
    const { initial = '', ...rest } = props;
    const [value, setValue] = useState(initial);
    const fieldProps = { ...rest, value, onValueChange: setValue } as unknown as P & JSX.IntrinsicAttributes;
    return (
      <>
        <Field {...fieldProps} />
        {shown?.(value)}
      </>
    );
  };
}
