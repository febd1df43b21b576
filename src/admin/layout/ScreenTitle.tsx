/**
 * Every screen's heading and the tab's title. react-admin's views (List, Create, Edit,
 * Show) and our own screens name themselves with react-admin's <Title>, which renders
 * into the element with the id 'react-admin-title'. Here that element is the screen's
 * h1, at the top of the content (the app bar keeps the panel's name), and its text
 * becomes the tab's title. A screen without a <Title> (one with a heading of its own, a
 * refusal, a loading state) leaves it empty, and an empty heading is not shown.
 */
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '../common/useDocumentTitle';

export function ScreenTitle() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const element = heading.current;
    if (!element) return;
    const read = () => setText(element.textContent?.replace(/\s+/g, ' ').trim() ?? '');
    read();
    const observer = new MutationObserver(read);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  useDocumentTitle(text);
  return (
    <Typography
      ref={heading}
      id="react-admin-title"
      component="h1"
      variant="h5"
      sx={{ fontWeight: 700, mt: 2, mb: 1, overflowWrap: 'anywhere', '&:empty': { display: 'none' } }}
    />
  );
}
