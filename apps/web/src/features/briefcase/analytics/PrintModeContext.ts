import { createContext, useContext } from 'react';

/** True while the tab lays every chart out for print: legends and lists unfold. */
export const PrintModeContext = createContext(false);

export const usePrintMode = () => useContext(PrintModeContext);
