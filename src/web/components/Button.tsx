import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary (filled), secondary (outlined), danger (filled red: confirms a destructive step), dangerOutline (outlined red: a destructive action among others, such as Delete beside Edit). */
  variant?: 'primary' | 'secondary' | 'danger' | 'dangerOutline';
  block?: boolean;
}

export function Button({ variant = 'primary', block = false, className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, variant !== 'primary' && styles[variant], block && styles.block, className]
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...props} />;
}

export const buttonClass = (variant: 'primary' | 'secondary' = 'primary') =>
  [styles.button, variant !== 'primary' && styles[variant]].filter(Boolean).join(' ');
