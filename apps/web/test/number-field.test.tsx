import type { Lang } from '@didban/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField } from '../src/components/ui/number-field';

/** The field in a form that shows what it keeps, as the alert rule form keeps its throttle. */
function Form({ lang }: { lang: Lang }) {
  const [value, setValue] = useState('0');
  return (
    <>
      <NumberField label="Throttle" lang={lang} value={value} onChange={setValue} />
      <output data-testid="kept">{value}</output>
    </>
  );
}

const field = () => screen.getByLabelText('Throttle') as HTMLInputElement;
const kept = () => screen.getByTestId('kept').textContent;

describe('a number field in the reader’s digits', () => {
  it('shows Persian digits in fa and keeps Latin ones', () => {
    render(<Form lang="fa" />);
    expect(field().value).toBe('۰');
    fireEvent.change(field(), { target: { value: '۳۶۰۰' } });
    expect(kept()).toBe('3600');
    expect(field().value).toBe('۳۶۰۰');
    // Arabic-Indic digits (another keyboard) and Latin ones are read the same way.
    fireEvent.change(field(), { target: { value: '٤5' } });
    expect(kept()).toBe('45');
    expect(field().value).toBe('۴۵');
    expect(field().inputMode).toBe('numeric');
  });

  it('takes only digits, and shows Latin digits in en', () => {
    render(<Form lang="en" />);
    fireEvent.change(field(), { target: { value: '-12a.5' } });
    expect(kept()).toBe('125');
    expect(field().value).toBe('125');
  });
});
