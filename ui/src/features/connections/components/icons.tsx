import { type IconProps, IconSvg, LinkIcon } from "../../../components/ui/icons";

/** Status and brand marks of the connections screens, drawn in the kit's 24x24 frame (brand marks carry their own colours). */

export const CheckCircleIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M22 11.1V12a10 10 0 1 1-5.9-9.1" />
    <path d="M22 4L12 14l-3-3" />
  </IconSvg>
);
export const XCircleIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z" />
    <path d="M15 9l-6 6" />
    <path d="M9 9l6 6" />
  </IconSvg>
);
export const AlertIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </IconSvg>
);
export const QrIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M3 3h7v7H3z" />
    <path d="M14 3h7v7h-7z" />
    <path d="M3 14h7v7H3z" />
    <path d="M14 14h3v3h-3z" />
    <path d="M20 14v.01" />
    <path d="M14 20h.01" />
    <path d="M17 17h4v4h-4" />
  </IconSvg>
);
export const CopyIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M9 9h11v11H9z" />
    <path d="M5 15H4V4h11v1" />
  </IconSvg>
);

const WhatsAppMark = ({ color, ...p }: IconProps & { color: string }) => (
  <IconSvg {...p} stroke="none">
    <path fill={color} d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5.1-1.3A10 10 0 1 0 12 2z" />
    <path
      fill="#fff"
      d="M8.6 6.9c.2-.4.5-.4.8-.4h.6c.2 0 .5 0 .7.5l.9 2.1c.1.2.1.4 0 .6l-.6.8c-.1.2-.2.4 0 .6.6 1 1.7 2.1 2.8 2.7.2.1.5.1.6-.1l.8-.9c.2-.2.4-.2.6-.1l2 1c.2.1.4.2.4.4.1.5-.1 1.3-.6 1.8-.5.5-1.5.8-2.5.6-1.8-.4-3.6-1.6-4.9-3.1-1.3-1.4-2.2-3.1-2.3-4.6 0-.7.3-1.3.7-1.9z"
    />
  </IconSvg>
);

const FacebookMark = (p: IconProps) => (
  <IconSvg {...p} stroke="none">
    <circle cx="12" cy="12" r="10" fill="#1877F2" />
    <path fill="#fff" d="M15.1 8.2h-1.5c-.5 0-.9.4-.9.9V11h2.4l-.4 2.5h-2V20h-2.7v-6.5H8.3V11H10V8.8c0-1.9 1.1-3 3-3h2.1z" />
  </IconSvg>
);

const InstagramMark = (p: IconProps) => (
  <IconSvg {...p} stroke="#E1306C">
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </IconSvg>
);

const WebchatMark = (p: IconProps) => (
  <IconSvg {...p} stroke="#2563eb">
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    <path d="M8 9h8" />
    <path d="M8 13h5" />
  </IconSvg>
);

/** The channel's mark by plugin id (ARCHITECTURE.md, Channel ids); a plugin we have no mark for gets a link. */
export function ChannelIcon({ channel, size = 22 }: { channel: string; size?: number }) {
  switch (channel) {
    case "whatsapp":
      return <WhatsAppMark color="#25D366" size={size} />;
    case "whatsappapi":
      return <WhatsAppMark color="#128C7E" size={size} />;
    case "facebook":
      return <FacebookMark size={size} />;
    case "instagram":
      return <InstagramMark size={size} />;
    case "webchat":
      return <WebchatMark size={size} />;
    default:
      return <LinkIcon size={size} />;
  }
}
