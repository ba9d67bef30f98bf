import { useEffect, useState } from 'react';

export interface ScrollTopButtonProps {
  /** Shown once the page has scrolled this far (product spec §9: 200px). */
  threshold?: number;
}

/** A floating 'Back to top' button; it re-renders only when it appears or disappears. */
export function ScrollTopButton({ threshold = 200 }: ScrollTopButtonProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="btn btn--primary scroll-top"
      onClick={() => {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
      }}
    >
      <span aria-hidden="true">↑</span> <span className="scroll-top__words">Back to top</span>
    </button>
  );
}
