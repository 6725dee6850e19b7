import { Link } from 'react-router';
import { PublicPage } from '../../shell/PublicPage';

/** spec 2.9 routes, kept for the reset issue: a plain note until the flows are built. */
export function ResetPasswordPage() {
  return (
    <PublicPage title="Recovery password">
      <p>Password recovery is coming soon. Until then, ask your administrator to set a new password for you.</p>
      <div className="public-links">
        <Link to="/login">Back to login</Link>
      </div>
    </PublicPage>
  );
}
