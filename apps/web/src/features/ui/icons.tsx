/** Small stroke icons (inline SVG: no icon font, no emoji that a system may lack). */
const PATHS = {
  close: 'M6 6l12 12M18 6L6 18',
  check: 'M5 12.5l4.5 4.5L19 7',
  pencil: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  share: 'M12 15V4M7.5 8.5L12 4l4.5 4.5M5 13v6h14v-6',
  trash: 'M5 7h14M10 7V4.5h4V7M7 7l1 13h8l1-13',
  plus: 'M12 5v14M5 12h14',
  upload: 'M12 16V5M7.5 9.5L12 5l4.5 4.5M5 19h14',
  download: 'M12 5v11M7.5 11.5L12 16l4.5-4.5M5 19h14',
  chat: 'M4 5h16v11H9l-5 4z',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  zoomIn: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM20 20l-4.8-4.8M10.5 7.5v6M7.5 10.5h6',
  zoomOut: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM20 20l-4.8-4.8M7.5 10.5h6',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  send: 'M4 12l16-8-6 16-3-7zM11 13l9-9',
  summary: 'M5 6h14M5 10h14M5 14h10M5 18h6',
  search: 'M11 4.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM16 16l4.5 4.5',
  menu: 'M4 7h16M4 12h16M4 17h16',
  signIn: 'M10 17l5-5-5-5M15 12H3M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5',
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4',
  outline: 'M4 6h2M9 6h11M6 11h2M11 11h9M6 16h2M11 16h9',
  pages: 'M5 4h6v7H5zM13 4h6v7h-6zM5 13h6v7H5zM13 13h6v7h-6z',
  find: 'M11 4.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM16 16l4.5 4.5M8 11h6',
  chevronUp: 'M6 15l6-6 6 6',
  fitWidth: 'M4 5v14M20 5v14M8 12h8M10.5 9.5L8 12l2.5 2.5M13.5 9.5L16 12l-2.5 2.5',
  chevronDown: 'M6 9l6 6 6-6',
  graph:
    'M7 4a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17 4a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM12 15a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM9.5 6.5h5M8.3 8.8l2.5 6.4M15.7 8.8l-2.5 6.4',
  bulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  award: 'M12 3a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM8.5 12L7 21l5-3 5 3-1.5-9',
  folder:
    'M3 6.5A1.5 1.5 0 0 1 4.5 5h4.6l2 2h8.4A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  refresh: 'M20.5 12a8.5 8.5 0 1 1-2.5-6l2.5 2.5M20.5 3.5v5h-5',
  cloudOff:
    'M3 3l18 18M6 6.1A6.5 6.5 0 0 0 9 19h8.5c.4 0 .8-.1 1.2-.2M21 16.3a4.3 4.3 0 0 0-3.5-6.3h-1.6A6.5 6.5 0 0 0 10.2 5.6',
  area: 'M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M9 9h6v6H9z',
  fileAlert: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M12 11.5v3.5M12 18h.01',
} as const;

export type TIconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 16,
  strokeWidth = 1.8,
  className,
}: {
  name: TIconName;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg className={className} aria-hidden="true" viewBox="0 0 24 24" width={size} height={size} fill="none">
      <path
        d={PATHS[name]}
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
