import type { ReactNode, SVGProps } from "react";

/** Small inline icon set (lucide-style 24x24 strokes), so no icon package is needed. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The kit's 24x24 stroked frame; features drawing their own marks (brand logos) use it too. */
export function IconSvg({ size = 20, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

const make = (paths: string[], name: string) => {
  // biome-ignore lint/correctness/noComponentHookFactories: make runs once per icon at module load, never during a render, so every icon is one stable component.
  const Icon = (props: IconProps) => (
    <IconSvg {...props}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </IconSvg>
  );
  Icon.displayName = name;
  return Icon;
};

export const MenuIcon = make(["M4 6h16", "M4 12h16", "M4 18h16"], "MenuIcon");
export const ChevronLeftIcon = make(["M15 18l-6-6 6-6"], "ChevronLeftIcon");
export const ChevronDownIcon = make(["M6 9l6 6 6-6"], "ChevronDownIcon");
export const ChevronUpIcon = make(["M18 15l-6-6-6 6"], "ChevronUpIcon");
export const XIcon = make(["M18 6L6 18", "M6 6l12 12"], "XIcon");
export const CheckIcon = make(["M20 6L9 17l-5-5"], "CheckIcon");
export const EyeIcon = make(["M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z", "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"], "EyeIcon");
export const EyeOffIcon = make(
  [
    "M9.9 4.2A10 10 0 0 1 12 4c6.5 0 10 8 10 8a17 17 0 0 1-2.2 3.2",
    "M6.6 6.6C3.9 8.4 2 12 2 12s3.5 8 10 8a9.7 9.7 0 0 0 5.4-1.6",
    "M14.1 14.1a3 3 0 1 1-4.2-4.2",
    "M2 2l20 20",
  ],
  "EyeOffIcon",
);
export const SunIcon = make(
  [
    "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
    "M12 2v2",
    "M12 20v2",
    "M4.9 4.9l1.4 1.4",
    "M17.7 17.7l1.4 1.4",
    "M2 12h2",
    "M20 12h2",
    "M4.9 19.1l1.4-1.4",
    "M17.7 6.3l1.4-1.4",
  ],
  "SunIcon",
);
export const MoonIcon = make(["M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"], "MoonIcon");
export const BellIcon = make(["M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9", "M13.7 21a2 2 0 0 1-3.4 0"], "BellIcon");
export const RefreshIcon = make(["M21 12a9 9 0 1 1-2.6-6.4L21 8", "M21 3v5h-5"], "RefreshIcon");
export const VolumeIcon = make(["M11 5L6 9H2v6h4l5 4V5z", "M15.5 8.5a5 5 0 0 1 0 7", "M19 5a10 10 0 0 1 0 14"], "VolumeIcon");
export const VolumeOffIcon = make(["M11 5L6 9H2v6h4l5 4V5z", "M22 9l-6 6", "M16 9l6 6"], "VolumeOffIcon");
export const UserIcon = make(["M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2", "M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z"], "UserIcon");
export const UsersIcon = make(
  ["M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2", "M9 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z", "M23 21v-2a4 4 0 0 0-3-3.9", "M16 3.1a4 4 0 0 1 0 7.8"],
  "UsersIcon",
);
export const LogOutIcon = make(["M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4", "M16 17l5-5-5-5", "M21 12H9"], "LogOutIcon");
export const GlobeIcon = make(["M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z", "M2 12h20", "M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z"], "GlobeIcon");
export const SearchIcon = make(["M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z", "M21 21l-4.3-4.3"], "SearchIcon");
export const PlusIcon = make(["M12 5v14", "M5 12h14"], "PlusIcon");
export const EditIcon = make(["M12 20h9", "M16.5 3.5a2.1 2.1 0 1 1 3 3L7 19l-4 1 1-4z"], "EditIcon");
export const TrashIcon = make(["M3 6h18", "M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2", "M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6"], "TrashIcon");
export const DashboardIcon = make(["M3 3h7v9H3z", "M14 3h7v5h-7z", "M14 12h7v9h-7z", "M3 16h7v5H3z"], "DashboardIcon");
export const ChatIcon = make(["M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"], "ChatIcon");
export const InboxIcon = make(
  ["M22 12h-6l-2 3h-4l-2-3H2", "M5.5 5.1L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z"],
  "InboxIcon",
);
export const ZapIcon = make(["M13 2L3 14h9l-1 8 10-12h-9z"], "ZapIcon");
export const KanbanIcon = make(["M5 3h4v18H5z", "M10 3h4v12h-4z", "M15 3h4v8h-4z"], "KanbanIcon");
export const ContactsIcon = make(["M4 4h16v16H4z", "M12 8a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z", "M7.5 17a4.5 4.5 0 0 1 9 0"], "ContactsIcon");
export const CalendarIcon = make(["M3 5h18v16H3z", "M16 3v4", "M8 3v4", "M3 10h18"], "CalendarIcon");
export const TagIcon = make(["M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8z", "M7 7h.01"], "TagIcon");
export const HelpIcon = make(["M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z", "M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3", "M12 17h.01"], "HelpIcon");
export const ListIcon = make(["M8 6h13", "M8 12h13", "M8 18h13", "M3 6h.01", "M3 12h.01", "M3 18h.01"], "ListIcon");
export const MegaphoneIcon = make(["M3 11l18-8v18L3 13z", "M11.6 16.8a3 3 0 1 1-5.8-1.6"], "MegaphoneIcon");
export const FlowIcon = make(["M6 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z", "M18 15a3 3 0 1 0 0 6 3 3 0 0 0 0-6z", "M6 9v3a3 3 0 0 0 3 3h6"], "FlowIcon");
export const CodeIcon = make(["M16 18l6-6-6-6", "M8 6l-6 6 6 6"], "CodeIcon");
export const QueueIcon = make(["M3 7h18", "M3 12h18", "M3 17h18"], "QueueIcon");
export const BotIcon = make(["M5 8h14v12H5z", "M12 4v4", "M9 13h.01", "M15 13h.01", "M9 17h6"], "BotIcon");
export const PlugIcon = make(["M9 2v6", "M15 2v6", "M6 8h12v4a6 6 0 0 1-12 0z", "M12 18v4"], "PlugIcon");
export const LinkIcon = make(["M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7", "M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"], "LinkIcon");
export const FileIcon = make(["M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z", "M14 2v6h6"], "FileIcon");
export const MoneyIcon = make(["M2 6h20v12H2z", "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"], "MoneyIcon");
export const SettingsIcon = make(
  [
    "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
    "M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0-1.2-2.9H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 2.9-1.2V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
  ],
  "SettingsIcon",
);
export const BuildingIcon = make(["M4 21V3h10v18", "M14 9h6v12", "M8 7h2", "M8 11h2", "M8 15h2", "M2 21h20"], "BuildingIcon");
export const ActivityIcon = make(["M22 12h-4l-3 9L9 3l-3 9H2"], "ActivityIcon");
export const ChartIcon = make(["M3 3v18h18", "M7 15l4-4 3 3 5-6"], "ChartIcon");
export const CheckSquareIcon = make(["M9 11l3 3 8-8", "M20 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11"], "CheckSquareIcon");
export const LockIcon = make(["M5 11h14v10H5z", "M8 11V7a4 4 0 0 1 8 0v4"], "LockIcon");
export const ClockIcon = make(["M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z", "M12 6v6l4 2"], "ClockIcon");
export const UploadIcon = make(["M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "M17 8l-5-5-5 5", "M12 3v12"], "UploadIcon");

// Inbox and conversation.
export const SendIcon = make(["M22 2L11 13", "M22 2l-7 20-4-9-9-4z"], "SendIcon");
export const PaperclipIcon = make(["M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5"], "PaperclipIcon");
export const SmileIcon = make(["M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z", "M8 14s1.5 2 4 2 4-2 4-2", "M9 9h.01", "M15 9h.01"], "SmileIcon");
export const MoreVerticalIcon = make(["M12 5h.01", "M12 12h.01", "M12 19h.01"], "MoreVerticalIcon");
export const ReplyIcon = make(["M9 17l-5-5 5-5", "M20 18v-2a4 4 0 0 0-4-4H4"], "ReplyIcon");
export const CheckCheckIcon = make(["M18 6L7 17l-5-5", "M22 10l-7.5 7.5L13 16"], "CheckCheckIcon");
export const UndoIcon = make(["M3 7v6h6", "M21 17a9 9 0 0 0-15-6.7L3 13"], "UndoIcon");
export const TransferIcon = make(["M16 3l4 4-4 4", "M20 7H4", "M8 21l-4-4 4-4", "M4 17h16"], "TransferIcon");
export const CheckCircleIcon = make(["M22 11.1V12a10 10 0 1 1-5.9-9.1", "M22 4L12 14l-3-3"], "CheckCircleIcon");
export const AlertIcon = make(["M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z", "M12 8v4", "M12 16h.01"], "AlertIcon");
export const DownloadIcon = make(["M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "M7 10l5 5 5-5", "M12 15V3"], "DownloadIcon");
export const MapPinIcon = make(["M21 10c0 7-9 13-9 13S3 17 3 10a9 9 0 0 1 18 0z", "M12 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"], "MapPinIcon");
export const SortIcon = make(["M7 4v16", "M3 16l4 4 4-4", "M17 20V4", "M13 8l4-4 4 4"], "SortIcon");
export const BanIcon = make(["M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z", "M4.9 4.9l14.2 14.2"], "BanIcon");
export const InfoIcon = make(["M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z", "M12 16v-4", "M12 8h.01"], "InfoIcon");
export const PenIcon = make(["M12 19l7-7 3 3-7 7z", "M18 13l-1.5-7.5L2 2l3.5 14.5L13 18z", "M2 2l7.6 7.6", "M11 9a2 2 0 1 0 0 4 2 2 0 0 0 0-4z"], "PenIcon");

// Conversation extras.
export const MicIcon = make(["M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3z", "M19 10v2a7 7 0 0 1-14 0v-2", "M12 19v3"], "MicIcon");
export const CameraIcon = make(
  ["M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z", "M12 9a4 4 0 1 0 0 8 4 4 0 0 0 0-8z"],
  "CameraIcon",
);
export const VideoIcon = make(["M23 7l-7 5 7 5z", "M1 5h15v14H1z"], "VideoIcon");
export const ForwardIcon = make(["M15 17l5-5-5-5", "M4 18v-2a4 4 0 0 1 4-4h12"], "ForwardIcon");
