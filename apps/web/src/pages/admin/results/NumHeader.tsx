import type { ReactNode } from 'react';

/** A right-aligned numeric column's header. */
export function NumHeader({ children, secondary = false }: { children: ReactNode; secondary?: boolean }) {
  return (
    <th scope="col" className={`results-table__num${secondary ? ' results-table__secondary' : ''}`}>
      {children}
    </th>
  );
}
