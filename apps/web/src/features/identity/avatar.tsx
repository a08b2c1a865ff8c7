import { useState } from 'react';

/** Up to two initials from a name ('Ada Lovelace' → 'AL'), else the email's first letter. */
export function initialsOf(name: string, email: string): string {
  // Words that start with a letter: 'Ada Lovelace 2' → 'AL'.
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word));
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  const initials = letters.map((word) => Array.from(word ?? '')[0] ?? '').join('');
  return (initials || Array.from(email)[0] || '?').toUpperCase();
}

type TAvatarProps = {
  name: string;
  email: string;
  picture: string | null;
  /** Pixel size of the circle. */
  size?: number;
};

/** requirements §2 Header: the signed-in user's avatar; their initials when there is no picture or it fails to load. */
export function Avatar({ name, email, picture, size = 28 }: TAvatarProps) {
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (picture && picture !== failedPicture) {
    return (
      <img
        className="avatar"
        src={picture}
        alt=""
        width={size}
        height={size}
        style={style}
        // Profile pictures are served by the identity provider; it needs no referrer from here.
        referrerPolicy="no-referrer"
        onError={() => setFailedPicture(picture)}
      />
    );
  }
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initialsOf(name, email)}
    </span>
  );
}
