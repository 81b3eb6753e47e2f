import type { SVGProps } from 'react';

/** Inline icons (DESIGN §3: every image is made here). 16 px by default, drawn in currentColor. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 16, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const SunIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Svg>
);
export const MoonIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Svg>
);
export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Svg>
);
export const UserIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
);
export const BellIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </Svg>
);
export const MailIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Svg>
);
export const HelpIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
  </Svg>
);
export const DownloadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </Svg>
);
export const WalletIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="6" width="18" height="14" rx="2" />
    <path d="M3 10h18M16 15h2" />
  </Svg>
);
export const EyeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
export const EyeOffIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 3l18 18M10.6 5.1A10.7 10.7 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Svg>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Svg size={12} {...p}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const CheckCircleIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </Svg>
);

/** Brand marks of the footer's social links, drawn here as simple glyphs (filled). */
// Home page icons: 20 px by default.
export const ChevronLeftIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="m15 6-6 6 6 6" />
  </Svg>
);
export const ChevronRightIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="m9 6 6 6-6 6" />
  </Svg>
);
export const ShieldIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="M12 3 5 6v6c0 4.2 3 7.6 7 9 4-1.4 7-4.8 7-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
);
export const WavesIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="M3 8c2-2 4-2 6 0s4 2 6 0 4-2 6 0M3 13c2-2 4-2 6 0s4 2 6 0 4-2 6 0M3 18c2-2 4-2 6 0s4 2 6 0 4-2 6 0" />
  </Svg>
);
export const HeadsetIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
  </Svg>
);
export const LayersIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="m12 3 9 5-9 5-9-5z" />
    <path d="m3 13 9 5 9-5" />
  </Svg>
);
export const CertificateIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <rect x="3" y="4" width="18" height="13" rx="2" />
    <path d="M7 9h10M7 12h6" />
    <circle cx="16" cy="17" r="3" />
    <path d="m14.5 19.5-.5 2.5 2-1 2 1-.5-2.5" />
  </Svg>
);
export const AndroidIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="M6 10h12v7a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2z" />
    <path d="M7 10a5 5 0 0 1 10 0M9 7 7.5 4.5M15 7l1.5-2.5M3.5 11v5M20.5 11v5M9 19v2M15 19v2" />
  </Svg>
);
export const AppleIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="M16.5 12.5c0-2 1.6-3 1.7-3-1-1.4-2.5-1.6-3-1.6-1.3-.1-2.5.8-3.1.8s-1.6-.8-2.7-.7A4 4 0 0 0 6 10.1c-1.4 2.5-.4 6.2 1 8.2.7 1 1.5 2.1 2.5 2 1-.1 1.4-.6 2.6-.6s1.5.6 2.6.6 1.7-1 2.4-2c.7-1 1-2 1-2.1-.1 0-2.6-1-2.6-3.7zM14.5 6.3c.5-.7.9-1.6.8-2.5-.8 0-1.8.5-2.3 1.2-.5.6-.9 1.5-.8 2.4.9 0 1.8-.4 2.3-1.1z" />
  </Svg>
);
export const ApkIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="M12 3v12m0 0-4-4m4 4 4-4" />
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </Svg>
);
export const QrIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </Svg>
);

function Brand({ size = 18, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}
export const XBrand = (p: IconProps) => (
  <Brand {...p}>
    <path d="M4 3h4.6l4 5.6L17.4 3H20l-6.2 7.1L21 21h-4.6l-4.4-6.1L6.6 21H4l6.8-7.7z" />
  </Brand>
);
export const TelegramBrand = (p: IconProps) => (
  <Brand {...p}>
    <path d="M21.5 3.6 2.9 10.8c-1 .4-1 1.5 0 1.8l4.6 1.5 1.8 5.5c.3.8 1.2 1 1.8.4l2.6-2.4 4.8 3.5c.7.5 1.6.1 1.8-.7L22.9 5c.2-1-.6-1.8-1.4-1.4zM9.8 14.2l-.4 3.6-1.3-4.1 9.6-6.3z" />
  </Brand>
);
export const FacebookBrand = (p: IconProps) => (
  <Brand {...p}>
    <path d="M14 8V6.2c0-.8.5-1.2 1.2-1.2H17V2h-2.8C11.6 2 10.5 3.7 10.5 6v2H8v3h2.5v11H14V11h2.6l.4-3z" />
  </Brand>
);
export const YoutubeBrand = (p: IconProps) => (
  <Brand {...p}>
    <path d="M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1c.4-1.2.4-3.8.4-3.8s0-2.6-.4-3.8zM10 15V9l5.2 3z" />
  </Brand>
);
export const DiscordBrand = (p: IconProps) => (
  <Brand {...p}>
    <path d="M19.3 5.4A17 17 0 0 0 15 4l-.5 1a15 15 0 0 0-5 0L9 4a17 17 0 0 0-4.3 1.4C2 9.4 1.3 13.3 1.6 17.2A17 17 0 0 0 6.9 20l1.1-1.8a11 11 0 0 1-1.7-.8l.4-.3a12 12 0 0 0 10.6 0l.4.3-1.7.8L17.1 20a17 17 0 0 0 5.3-2.8c.4-4.5-.7-8.4-3.1-11.8zM8.7 14.8c-1 0-1.9-1-1.9-2.1s.8-2.1 1.9-2.1 1.9 1 1.9 2.1-.8 2.1-1.9 2.1zm6.6 0c-1 0-1.9-1-1.9-2.1s.8-2.1 1.9-2.1 1.9 1 1.9 2.1-.8 2.1-1.9 2.1z" />
  </Brand>
);

/** The Tickstream mark: a rising tick line in a rounded square. */
export const LogoMark = ({ size = 24 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="7" fill="var(--brand, #f0b90b)" />
    <path
      d="M6 21l6-6 4 4 9-10"
      fill="none"
      stroke="#111"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
/** The mobile header's menu button (three bars). */
export const MenuIcon = (p: IconProps) => (
  <Svg size={20} {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);
