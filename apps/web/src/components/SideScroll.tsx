import type { HTMLAttributes } from 'react';
import { useEffect, useRef, useState } from 'react';

interface HiddenEdges {
  /** Content is hidden beyond the frame's left edge (scrolled past). */
  before: boolean;
  /** Content is hidden beyond its right edge. */
  after: boolean;
}

/** Which of `frame`'s edges hide content, with a pixel's slack for fractional widths. */
function hiddenEdges(frame: HTMLElement): HiddenEdges {
  const end = frame.scrollWidth - frame.clientWidth;
  return { before: frame.scrollLeft > 1, after: frame.scrollLeft < end - 1 };
}

/**
 * A frame (a table's) that scrolls sideways when its content is wider, with a shade on each edge
 * that hides columns: on a phone a Results table or a judge's Visits, cut at the frame's edge,
 * looked complete. Followed at each scroll and each resize of the frame or its content.
 * `frame`'s attributes (class, role, label, tab stop) go on the scrolling element.
 */
export function SideScroll({ children, ...frame }: HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<HiddenEdges>({ before: false, after: false });
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const update = () =>
      setEdges((shown) => {
        const now = hiddenEdges(node);
        return now.before === shown.before && now.after === shown.after ? shown : now;
      });
    update();
    node.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(node);
    if (node.firstElementChild) observer?.observe(node.firstElementChild);
    return () => {
      node.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return (
    <div
      className="side-scroll"
      data-hidden-before={edges.before || undefined}
      data-hidden-after={edges.after || undefined}
    >
      <div ref={ref} {...frame}>
        {children}
      </div>
    </div>
  );
}
