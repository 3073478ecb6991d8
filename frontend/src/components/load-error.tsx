import { Link } from './link.tsx';
import { ErrorState } from './page-states.tsx';

export interface LoadErrorProps {
  title: string;
  message: string;
  /** The failure's own text ("HTTP 503: ..."), shown muted under the message. */
  detail?: string;
  /** Where the button goes, and what it says. */
  to: string;
  action: string;
}

/** A browse page whose data could not be loaded: the error state and one way on. */
export function LoadError({ title, message, detail, to, action }: LoadErrorProps) {
  return (
    <div className="container">
      <ErrorState title={title} message={message}>
        {detail !== undefined && <p className="muted">{detail}</p>}
        <Link className="button" to={to}>
          {action}
        </Link>
      </ErrorState>
    </div>
  );
}
