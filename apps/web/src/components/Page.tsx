import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/use-page-title';
import type { HeaderProps } from './Header';
import { Header } from './Header';

export interface PageProps extends HeaderProps {
  /** The page's one h1. */
  heading: string;
  /** Tab title before the product name; the heading by default. */
  title?: string;
  children?: ReactNode;
}

/** The layout of a screen: shared header, then the main column with its heading. */
export function Page({ heading, title = heading, children, ...header }: PageProps) {
  usePageTitle(title);
  return (
    <>
      <Header {...header} />
      <main className="page">
        <h1 className="page__heading">{heading}</h1>
        {children}
      </main>
    </>
  );
}
