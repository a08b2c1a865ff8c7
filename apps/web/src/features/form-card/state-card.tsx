import type { ReactNode } from 'react';
import { Icon, type TIconName } from '../ui/icons';

/** A form card that states an outcome (form-card.css .state-card): an icon, a heading, a few lines, the next actions. */
export function StateCard({
  as: Tag = 'section',
  icon,
  tone,
  title,
  role,
  label,
  children,
  actions,
}: {
  as?: 'section' | 'div';
  icon: TIconName;
  tone?: 'success' | 'muted' | 'danger';
  title: string;
  role?: 'status';
  /** The card's accessible name, where it stands as a region of its own. */
  label?: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Tag className="form-card state-card" data-tone={tone} role={role} aria-label={label}>
      <span className="state-card-icon">
        <Icon name={icon} size={20} />
      </span>
      <div className="state-card-body">
        <h2>{title}</h2>
        {children}
        <div className="form-actions">{actions}</div>
      </div>
    </Tag>
  );
}
