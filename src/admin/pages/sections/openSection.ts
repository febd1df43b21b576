/**
 * Which section the page's form was asked to open from outside its card (a click on the
 * section in the live preview, src/admin/pages/PagePreview.tsx): the card of that id opens,
 * comes into view and takes the focus. `serial` tells a second click on the same
 * section from the first.
 */
import { createContext, useContext } from 'react';

export interface OpenSectionRequest {
  id: string;
  serial: number;
}

export const OpenSectionContext = createContext<OpenSectionRequest | null>(null);

/** The latest request to open a section, or null. */
export const useOpenSectionRequest = () => useContext(OpenSectionContext);
