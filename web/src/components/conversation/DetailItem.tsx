import type { ReactNode } from 'react';

/** A label and its value in a detail panel's list (inside a `dl.detail__list`). */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
