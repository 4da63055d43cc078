/** The few icons the shell uses, inline so they cost no request and take the text colour. */

const common = { viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': true, focusable: false } as const;

export function SignOutIcon() {
  return (
    <svg {...common}>
      <path
        fill="currentColor"
        d="M10 3h8a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-8v-2h8V5h-8V3Zm1.3 4.3 1.4 1.4L10.4 11H17v2h-6.6l2.3 2.3-1.4 1.4L6.6 12l4.7-4.7Z"
      />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...common}>
      <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
    </svg>
  );
}

export function EyeIcon() {
  return (
    <svg {...common}>
      <path
        fill="currentColor"
        d="M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7Zm0 2c-3.6 0-6.6 3-7.8 5 1.2 2 4.2 5 7.8 5s6.6-3 7.8-5c-1.2-2-4.2-5-7.8-5Zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z"
      />
    </svg>
  );
}
