import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  block?: boolean;
}

export function Button({ variant = 'primary', block = false, className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, variant !== 'primary' && styles[variant], block && styles.block, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}

export const buttonClass = (variant: 'primary' | 'secondary' | 'ghost' = 'primary') =>
  [styles.button, variant !== 'primary' && styles[variant]].filter(Boolean).join(' ');
