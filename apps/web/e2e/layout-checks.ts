/**
 * The layout checks of issue 23 §5, run inside the page (`page.evaluate(layoutProblems, atBottom)`):
 * one line per problem in what is on screen now, naming the element. The function is serialised
 * into the page, so it must not use anything from outside its own body.
 *
 * Covering by a `position: sticky` element is a table header doing its job and never counts; covering
 * by a `position: fixed` one (a floating button, a bottom bar) counts at the bottom of the page only,
 * where the page must leave room for it: higher up, content scrolling under a bar is expected.
 */
export function layoutProblems(atBottom: boolean): string[] {
  const problems: string[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = document.documentElement.clientHeight;
  const SLACK = 1;

  function describe(element: Element): string {
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    const label =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).placeholder ??
      element.textContent ??
      '';
    const text = label.replace(/\s+/g, ' ').trim().slice(0, 50);
    return `<${element.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text}"` : ''}`;
  }

  interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  const intersect = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const width = (box: Box) => box.right - box.left;
  const height = (box: Box) => box.bottom - box.top;
  const viewport: Box = { left: 0, top: 0, right: viewportWidth, bottom: viewportHeight };

  // What an element's ancestors let show of it: the viewport cut by every clipping ancestor.
  const clips = new Map<Element, Box>();
  function clipOf(element: Element | null): Box {
    if (!element || element === document.documentElement) return viewport;
    const known = clips.get(element);
    if (known) return known;
    let clip = clipOf(element.parentElement);
    const style = getComputedStyle(element);
    if (style.position === 'fixed') clip = viewport;
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
      clip = intersect(clip, element.getBoundingClientRect());
    }
    clips.set(element, clip);
    return clip;
  }
  // Text for screen readers only (`.visually-hidden`, 1 px and clipped) is not drawn at all.
  const shown = (element: Element) => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1;
  };

  /** The element drawn on top at a point, unless it is `element` itself or part of it. */
  function coverAt(element: Element, x: number, y: number): Element | null {
    const hit = document.elementFromPoint(x, y);
    if (!hit || element.contains(hit) || hit.contains(element)) return null;
    if (hit instanceof HTMLLabelElement && hit.control === element) return null;
    return hit;
  }
  function positionOf(element: Element): string {
    for (let at: Element | null = element; at; at = at.parentElement) {
      const { position } = getComputedStyle(at);
      if (position === 'fixed' || position === 'sticky') return position;
    }
    return 'static';
  }
  const coverCounts = (cover: Element) => {
    const position = positionOf(cover);
    return position === 'static' || (position === 'fixed' && atBottom);
  };

  // 1. Sideways scrolling: name what sticks out.
  if (document.documentElement.scrollWidth > viewportWidth + SLACK) {
    const outside = [...document.body.querySelectorAll('*')].filter((element) => {
      const right = element.getBoundingClientRect().right;
      const parentRight = element.parentElement?.getBoundingClientRect().right ?? 0;
      return right > viewportWidth + SLACK && parentRight <= viewportWidth + SLACK;
    });
    problems.push(
      `sideways scrolling (${document.documentElement.scrollWidth}px in ${viewportWidth}px): ${outside
        .slice(0, 3)
        .map(describe)
        .join(', ')}`,
    );
  }

  // On a laptop or a lobby screen there is room for every table: a part of the page that scrolls
  // sideways there hides columns just as the page would.
  if (viewportWidth >= 1024) {
    for (const element of document.body.querySelectorAll('*')) {
      const { overflowX } = getComputedStyle(element);
      const scrolls = overflowX === 'auto' || overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + SLACK && shown(element)) {
        problems.push(
          `sideways scrolling inside ${describe(element)} (${element.scrollWidth}px in ${element.clientWidth}px)`,
        );
      }
    }
  }

  // 2. Text drawn over text, and text hidden under something.
  interface TextPiece {
    element: Element;
    text: string;
    box: Box;
  }
  const pieces: TextPiece[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    const text = node.textContent?.trim() ?? '';
    if (!element || !text || element.closest('script, style, noscript, select, textarea, title')) continue;
    if (!shown(element)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const clip = clipOf(element);
    for (const rect of range.getClientRects()) {
      const box = intersect(rect, clip);
      if (width(box) < 2 || height(box) < 2) continue;
      const cover = coverAt(element, (box.left + box.right) / 2, (box.top + box.bottom) / 2);
      if (cover) {
        if (coverCounts(cover)) problems.push(`text ${describe(element)} is hidden under ${describe(cover)}`);
        continue;
      }
      pieces.push({ element, text, box });
    }
  }
  pieces.sort((a, b) => a.box.top - b.box.top);
  for (let i = 0; i < pieces.length; i += 1) {
    const a = pieces[i];
    if (!a) continue;
    for (let j = i + 1; j < pieces.length; j += 1) {
      const b = pieces[j];
      if (!b || b.box.top >= a.box.bottom) break;
      if (a.element === b.element) continue;
      const overlap = intersect(a.box, b.box);
      if (width(overlap) > 2 && height(overlap) > 2) {
        problems.push(`text ${describe(a.element)} is drawn over ${describe(b.element)}`);
      }
    }
  }

  // 3. Text cut off without an ellipsis.
  for (const element of document.body.querySelectorAll('*')) {
    if (element instanceof SVGElement || !shown(element)) continue;
    const style = getComputedStyle(element);
    if (style.textOverflow === 'ellipsis' || !element.textContent?.trim()) continue;
    const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
    const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
    const cutX = clipsX && element.scrollWidth > element.clientWidth + SLACK;
    // Vertically only for elements holding text alone: a clipped list is a window that scrolls.
    const cutY =
      clipsY &&
      element.childElementCount === 0 &&
      style.webkitLineClamp === 'none' &&
      element.scrollHeight > element.clientHeight + SLACK;
    if (cutX || cutY) problems.push(`text cut off without an ellipsis: ${describe(element)}`);
  }

  // 4. Placeholders and select values wider than their box (a typed value scrolls in its field).
  const measure = document.createElement('canvas').getContext('2d');
  for (const control of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
    if (!measure || !shown(control)) continue;
    if (
      control instanceof HTMLInputElement &&
      !/^(text|search|email|url|tel|password|number)$/.test(control.type)
    ) {
      continue;
    }
    const style = getComputedStyle(control);
    if (style.textOverflow === 'ellipsis') continue;
    let text: string;
    let what: string;
    let room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (control instanceof HTMLSelectElement) {
      text = control.selectedOptions[0]?.text ?? '';
      what = 'select value';
      if (style.appearance !== 'none') room -= 20; // the drop-down arrow
    } else {
      if (control.value) continue;
      text = control.placeholder;
      what = 'placeholder';
    }
    measure.font = style.font;
    if (text && measure.measureText(text).width > room + SLACK) {
      problems.push(`${what} cut off: "${text}" in ${describe(control)} (${Math.round(room)}px)`);
    }
  }

  // 5. Controls hidden under another element.
  const controls = document.querySelectorAll(
    'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])',
  );
  for (const control of controls) {
    if (!shown(control)) continue;
    const box = intersect(control.getBoundingClientRect(), clipOf(control.parentElement));
    if (width(box) < 2 || height(box) < 2) continue;
    const cover = coverAt(control, (box.left + box.right) / 2, (box.top + box.bottom) / 2);
    if (cover && coverCounts(cover))
      problems.push(`control ${describe(control)} is under ${describe(cover)}`);
  }

  return [...new Set(problems)];
}
