import { useId, type ReactNode } from 'react';

/** One titled part of a detail panel (the customer, the vehicle, the actions). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="detail__section" aria-labelledby={id}>
      <h3 className="detail__heading" id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}
