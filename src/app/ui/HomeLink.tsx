// The way back to Min side ("Tilbake til Min side"), as a screen offers it below its content or
// in a notice that ends the flow, or as a button when it is the screen's way on (a receipt).
import { useTranslation } from 'react-i18next';
import { Link, type LinkProps } from 'react-router';

type HomeLinkProps = Omit<LinkProps, 'to' | 'children'>;

/** The link to Min side in the common words; `className` (and data-variant) make it a button. */
export function HomeLink({ className = 'ds-link', ...rest }: HomeLinkProps) {
  const { t } = useTranslation('common');
  return (
    <Link className={className} to="/" {...rest}>
      {t('links.home')}
    </Link>
  );
}
