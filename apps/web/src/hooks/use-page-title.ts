import { PRODUCT_NAME } from '@podium/protocol';
import { useEffect } from 'react';

/** Sets the tab title: the page name followed by the product name ("Judging | Podium"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title === PRODUCT_NAME ? title : `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
