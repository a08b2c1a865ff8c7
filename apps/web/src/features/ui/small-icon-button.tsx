import { Icon, type TIconName } from './icons';

/** A small icon-only button (styles/controls.css .icon-button-small), named by its aria-label. */
export function SmallIconButton({
  label,
  icon,
  iconSize = 14,
  title,
  disabled,
  onClick,
}: {
  label: string;
  icon: TIconName;
  iconSize?: number;
  title?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="icon-button icon-button-small"
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} size={iconSize} />
    </button>
  );
}
